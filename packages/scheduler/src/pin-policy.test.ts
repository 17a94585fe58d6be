import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keepsPin } from './pin-policy.js';
import type { ExistingBreak } from './types.js';
import type { WorkDayFrame } from './work-day-frames.js';

const at = (time: string, day = 23): number => Date.parse(`2026-11-${day}T${time}:00Z`);
const NOW = at('07:00');
/** Monday and Tuesday, 09:00–17:00 UTC. */
const frames: WorkDayFrame[] = [
  { date: '2026-11-23', workStart: at('09:00'), workEnd: at('17:00') },
  { date: '2026-11-24', workStart: at('09:00', 24), workEnd: at('17:00', 24) },
];
const meeting = { start: at('14:00'), end: at('15:00') };

function pin(time: string, overrides: Partial<ExistingBreak> = {}, day = 23) {
  return { start: at(time, day), duration: 2, status: 'scheduled' as const, pinned: true, ...overrides };
}

describe('the pin policy', () => {
  it.each([
    { what: 'a pin inside work hours, clear of meetings, holds', session: pin('10:00'), keeps: true },
    { what: 'a break nobody pinned is planned again', session: pin('10:00', { pinned: false }), keeps: false },
    { what: 'a pin a meeting now overlaps goes', session: pin('14:30'), keeps: false },
    { what: 'a pin ending after work now ends goes', session: pin('16:59'), keeps: false },
    { what: 'a pin before work now starts goes', session: pin('08:30'), keeps: false },
    { what: 'a pin on a day no longer a work day goes', session: pin('10:00', {}, 25), keeps: false },
    { what: 'a pin already past stays, whatever now covers it', session: pin('06:30'), keeps: true },
    { what: 'a completed pin stays', session: pin('14:30', { status: 'completed' }), keeps: true },
    { what: 'a skipped pin stays', session: pin('08:30', { status: 'skipped' }), keeps: true },
  ])('$what', ({ session, keeps }) => {
    expect(keepsPin(session, [meeting], frames, NOW)).toBe(keeps);
  });

  it('property: a future scheduled pin holds exactly when it lies inside a work day and overlaps no meeting', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 * 24 * 60 }),
        fc.integer({ min: 1, max: 5 }),
        fc.array(fc.record({ from: fc.integer({ min: 0, max: 2 * 24 * 60 }), minutes: fc.integer({ min: 1, max: 120 }) }), {
          maxLength: 5,
        }),
        (minute, duration, meetings) => {
          const start = at('00:00') + minute * 60_000;
          const end = start + duration * 60_000;
          const busy = meetings.map((m) => ({
            start: at('00:00') + m.from * 60_000,
            end: at('00:00') + (m.from + m.minutes) * 60_000,
          }));
          const session = { start, duration, status: 'scheduled' as const, pinned: true };
          const inside = frames.some((f) => start >= f.workStart && end <= f.workEnd);
          const clear = busy.every((m) => m.end <= start || m.start >= end);
          expect(keepsPin(session, busy, frames, NOW)).toBe(start < NOW || (inside && clear));
        },
      ),
      { numRuns: 500 },
    );
  });
});
