import type { BreakSession } from '@breaker/api-contract';
import { describe, expect, it } from 'vitest';
import { breakToAnnounce, dueBreak, nextWake, upcomingBreak } from './reminder-schedule';

function session(id: string, time: string, extra: Partial<BreakSession> = {}): BreakSession {
  return {
    id,
    scheduledTime: `2026-11-23T${time}:00.000Z`,
    duration: 2,
    completedAt: null,
    skipped: false,
    pinned: false,
    activityId: 'palming',
    placementReason: null,
    activity: {
      id: 'palming',
      name: 'Palming',
      type: 'eye-rest',
      instructions: '',
      steps: [],
      duration: 2,
      difficulty: 'easy',
      equipment: 'none',
    },
    ...extra,
  };
}

const at = (time: string) => Date.parse(`2026-11-23T${time}:00.000Z`);
const sessions = [
  session('late', '15:00'),
  session('done', '09:00', { completedAt: '2026-11-23T09:02:00.000Z' }),
  session('early', '10:00'),
];

describe('break reminders', () => {
  it('finds the break due now, until 10 minutes after it was meant to end', () => {
    expect(dueBreak(sessions, at('09:59'))).toBeUndefined();
    expect(dueBreak(sessions, at('10:00'))?.id).toBe('early');
    expect(dueBreak(sessions, at('10:11'))?.id).toBe('early');
    expect(dueBreak(sessions, at('10:12'))).toBeUndefined();
    expect(dueBreak(sessions, at('09:01'))).toBeUndefined();
  });

  it('wakes at the start of the next scheduled break, and sets far timers again later', () => {
    expect(upcomingBreak(sessions, at('08:00'))?.id).toBe('early');
    expect(nextWake(sessions, at('09:30'))).toEqual({ session: sessions[2], delayMs: 30 * 60_000, remind: true });
    expect(nextWake(sessions, at('08:00'))?.remind).toBe(true);
    expect(nextWake([session('far', '23:00')], at('08:00'))).toMatchObject({ delayMs: 6 * 60 * 60_000, remind: false });
    expect(nextWake(sessions, at('16:00'))).toBeUndefined();
  });

  it('announces a break that came due while a far timer slept past it, and nothing when none is due', () => {
    const far = nextWake(sessions, at('03:00'))!;
    expect(far).toMatchObject({ remind: false });
    expect(breakToAnnounce(sessions, far, at('10:00'))?.id).toBe('early');
    expect(breakToAnnounce(sessions, far, at('09:00'))).toBeUndefined();
    const near = nextWake(sessions, at('09:30'))!;
    expect(breakToAnnounce(sessions, near, at('10:00'))?.id).toBe('early');
  });
});
