import type { BreakSession } from '@breaker/api-contract';
import { describe, expect, it } from 'vitest';
import { nextScheduledBreak } from './next-break';

const NOW = new Date('2026-11-23T10:00:00Z');

function breakAt(id: string, scheduledTime: string, taken: Partial<Pick<BreakSession, 'completedAt' | 'skipped'>> = {}) {
  return {
    id,
    scheduledTime,
    duration: 10,
    completedAt: null,
    skipped: false,
    ...taken,
  } as BreakSession;
}

describe('the next scheduled break', () => {
  it('is the earliest break still to take, whatever the order it comes in', () => {
    const breaks = [breakAt('later', '2026-11-25T09:00:00Z'), breakAt('sooner', '2026-11-24T09:00:00Z')];
    expect(nextScheduledBreak(breaks, NOW)?.id).toBe('sooner');
  });

  it('counts a break under way, and leaves out ended, completed and skipped ones', () => {
    const breaks = [
      breakAt('ended', '2026-11-23T09:00:00Z'),
      breakAt('completed', '2026-11-23T11:00:00Z', { completedAt: '2026-11-23T11:10:00Z' }),
      breakAt('skipped', '2026-11-23T12:00:00Z', { skipped: true }),
      breakAt('under way', '2026-11-23T09:55:00Z'),
    ];
    expect(nextScheduledBreak(breaks, NOW)?.id).toBe('under way');
  });

  it('is none when no break is still to come', () => {
    expect(nextScheduledBreak([breakAt('ended', '2026-11-23T09:00:00Z')], NOW)).toBeUndefined();
    expect(nextScheduledBreak([], NOW)).toBeUndefined();
  });
});
