/** How a guided break spreads its time over the activity's steps. */
export interface SessionStep {
  text: string;
  /** Seconds from the start of the session. */
  startsAt: number;
  endsAt: number;
}

/** The steps share the activity's duration equally, in whole seconds; the last one ends exactly on time. */
export function planSteps(steps: readonly string[], durationMinutes: number): SessionStep[] {
  const total = Math.max(1, Math.round(durationMinutes * 60));
  const texts = steps.length > 0 ? steps : ['Take a few minutes away from the screen.'];
  return texts.map((text, index) => ({
    text,
    startsAt: Math.round((total * index) / texts.length),
    endsAt: Math.round((total * (index + 1)) / texts.length),
  }));
}

/** The step running `elapsed` seconds in (the last one once time is up). */
export function stepAt(plan: readonly SessionStep[], elapsed: number): number {
  const index = plan.findIndex((step) => elapsed < step.endsAt);
  return index === -1 ? plan.length - 1 : index;
}

/** 'm:ss'. */
export function formatClock(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/**
 * What a screen reader hears, politely and only when it changes: the step as it begins, then each whole minute
 * left and the last 10 seconds — never every second.
 */
export function announcement(plan: readonly SessionStep[], elapsed: number, total: number): string {
  const left = Math.max(0, total - Math.floor(elapsed));
  const index = stepAt(plan, elapsed);
  const step = `Step ${index + 1} of ${plan.length}.`;
  if (left === 0) return 'Time is up.';
  if (left <= 10) return `${step} 10 seconds left.`;
  const minutes = Math.ceil(left / 60);
  return `${step} ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} left.`;
}
