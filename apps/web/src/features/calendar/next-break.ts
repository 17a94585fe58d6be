import { breakStatus, type BreakSession } from '@breaker/api-contract';

export function nextScheduledBreak(sessions: BreakSession[], now: Date): BreakSession | undefined {
  return sessions
    .filter(
      (session) =>
        breakStatus(session) === 'scheduled' &&
        new Date(session.scheduledTime).getTime() + session.duration * 60_000 > now.getTime(),
    )
    .sort((a, b) => a.scheduledTime.localeCompare(b.scheduledTime))[0];
}
