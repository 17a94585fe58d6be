import { describe, expect, it } from 'vitest';
import { chooseTimes, MORNING, newChosenTimes, RECOVERY, STRETCH, type DayTimes } from './choose-times.js';
import { frameAllowedStarts, frameDeadlines, frameMeetings, framePieces, frameRecovery, newWorkspace } from './day-frame.js';
import type { BusyInterval, PlacementInput } from './types.js';

const MS = 60_000;
const DAY = Date.UTC(2026, 10, 23) / MS;
const at = (hour: number, minute = 0): number => DAY + hour * 60 + minute;
const meeting = (from: number, to: number): BusyInterval => ({ start: from * MS, end: to * MS });

function times(busy: BusyInterval[], target: number, from = 9, to = 17) {
  const ws = newWorkspace();
  frameMeetings({ busy } as unknown as PlacementInput, ws, 3);
  framePieces(ws, [], at(from), at(to), 1);
  frameAllowedStarts(ws, 1);
  frameRecovery(ws, at(from), at(to));
  const day: DayTimes = {
    origin: at(from),
    workEnd: at(to),
    noon: at(12),
    target: frameDeadlines(ws, target, 1),
    shortest: 1,
    kept: [],
    keptFrom: 0,
    keptTo: 0,
  };
  const out = newChosenTimes();
  chooseTimes(ws, day, out);
  return { ...out, start: out.start.slice(0, day.target).map((m) => m - DAY), rule: out.rule.slice(0, day.target) };
}

describe('choose the times', () => {
  it.each([
    // An empty 09:00–17:00 day: about (480 − n) / (n + 1) minutes per stretch, shared evenly.
    { n: 3, stretch: 120, starts: [11 * 60, 13 * 60, 15 * 60] },
    { n: 4, stretch: 96, starts: [10 * 60 + 36, 12 * 60 + 12, 13 * 60 + 48, 15 * 60 + 24] },
  ])('an empty day with $n breaks: stretches of at most $stretch minutes', ({ n, stretch, starts }) => {
    const chosen = times([], n);
    expect(chosen.stretch).toBe(stretch);
    expect(chosen.start).toEqual(starts);
    expect(chosen.rule.every((r) => r === STRETCH)).toBe(true);
  });

  it('takes the recovery moment after a run of 60+ minutes', () => {
    const chosen = times([meeting(at(10), at(11, 10))], 4);
    expect(chosen.start).toContain(11 * 60 + 15);
    expect(chosen.rule[chosen.start.indexOf(11 * 60 + 15)]).toBe(RECOVERY);
  });

  it('follows a run within 20 minutes when its first free moment would stretch the day past 1.1 × the optimum', () => {
    // 07:00–18:00, 4 breaks, meetings 09:00–10:00 and 11:00–12:00: 10:05 or 12:05 leave the afternoon too long.
    const chosen = times([meeting(at(9), at(10)), meeting(at(11), at(12))], 4, 7, 18);
    const recovery = chosen.start.filter((_, i) => chosen.rule[i] === RECOVERY);
    expect(recovery).toHaveLength(1);
    expect(recovery[0]! >= 10 * 60 + 5 && recovery[0]! <= 10 * 60 + 20).toBe(true);
    expect(chosen.stretch).toBeLessThanOrEqual(Math.floor(140 * 1.1));
  });

  it('keeps a break before noon when the morning has room', () => {
    const chosen = times([meeting(at(9), at(11, 50))], 3, 9, 19);
    expect(chosen.start[0]).toBeLessThan(12 * 60);
    expect([RECOVERY, MORNING]).toContain(chosen.rule[0]);
  });

  it('never places two breaks closer than 30 minutes, even when the stretch bound would like to', () => {
    const chosen = times([meeting(at(9, 40), at(16, 30))], 3);
    for (let i = 1; i < chosen.start.length; i += 1) expect(chosen.start[i]! - chosen.start[i - 1]!).toBeGreaterThanOrEqual(31);
  });
});
