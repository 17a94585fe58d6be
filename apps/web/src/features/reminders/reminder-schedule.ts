import { breakStatus, type BreakSession } from '@breaker/api-contract';

/** A break still counts as due this long after it was meant to end. */
export const DUE_GRACE_MS = 10 * 60_000;
/** Timers further out than this are set again later (browsers cap timeouts at about 24.8 days). */
const MAX_TIMER_MS = 6 * 60 * 60_000;

function startOf(session: BreakSession): number {
  return Date.parse(session.scheduledTime);
}

function scheduled(sessions: readonly BreakSession[]): BreakSession[] {
  return sessions.filter((session) => breakStatus(session) === 'scheduled').sort((a, b) => startOf(a) - startOf(b));
}

/** The scheduled break whose time has come and not long gone, if any. */
export function dueBreak(sessions: readonly BreakSession[], now: number): BreakSession | undefined {
  return scheduled(sessions).find(
    (session) => startOf(session) <= now && now < startOf(session) + session.duration * 60_000 + DUE_GRACE_MS,
  );
}

/** The next scheduled break to start after `now`. */
export function upcomingBreak(sessions: readonly BreakSession[], now: number): BreakSession | undefined {
  return scheduled(sessions).find((session) => startOf(session) > now);
}

/** When to wake up next: at the next break's start (or earlier, to set a far timer again). */
export function nextWake(
  sessions: readonly BreakSession[],
  now: number,
): { session: BreakSession; delayMs: number; remind: boolean } | undefined {
  const next = upcomingBreak(sessions, now);
  if (!next) return undefined;
  const delayMs = startOf(next) - now;
  return delayMs > MAX_TIMER_MS
    ? { session: next, delayMs: MAX_TIMER_MS, remind: false }
    : { session: next, delayMs, remind: true };
}

/**
 * The break to announce when a timer fires: the one it was set for or, when a far timer fired late because the
 * computer slept past a break's start, a break that came due meanwhile and is still due.
 */
export function breakToAnnounce(
  sessions: readonly BreakSession[],
  wake: { session: BreakSession; remind: boolean },
  now: number,
): BreakSession | undefined {
  return wake.remind ? wake.session : dueBreak(sessions, now);
}
