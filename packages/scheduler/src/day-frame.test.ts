import { describe, expect, it } from 'vitest';
import { frameAllowedStarts, frameDeadlines, frameMeetings, framePieces, frameRecovery, newWorkspace } from './day-frame.js';
import type { BusyInterval, PlacementInput } from './types.js';

const MS = 60_000;
const DAY = Date.UTC(2026, 10, 23) / MS;
const at = (hour: number, minute = 0): number => DAY + hour * 60 + minute;
const meeting = (from: number, to: number, call = false): BusyInterval => ({ start: from * MS, end: to * MS, call });

function framed(busy: BusyInterval[]) {
  const ws = newWorkspace();
  frameMeetings({ busy } as unknown as PlacementInput, ws, 3);
  framePieces(ws, [], at(9), at(17), 1);
  frameAllowedStarts(ws, 1);
  frameRecovery(ws, at(9), at(17));
  return ws;
}

describe('frame the day', () => {
  it('cuts the work day into pieces around the meetings, with the buffers in the allowed starts', () => {
    const ws = framed([meeting(at(10), at(11))]);
    expect(ws.pieceCount).toBe(2);
    // 5 minutes after the meeting, 2 before it (a 1-minute activity must end by 09:58).
    expect([ws.aLo[0], ws.aHi[0]]).toEqual([at(9), at(9, 57)]);
    expect([ws.aLo[1], ws.aHi[1]]).toEqual([at(11, 5), at(16, 59)]);
  });

  it.each([
    { gap: 4, runs: 1, recoveryAt: at(12, 19) },
    { gap: 5, runs: 0, recoveryAt: undefined },
  ])('meetings $gap minutes apart: back-to-back runs of 60+ minutes get a recovery moment', ({ gap, recoveryAt }) => {
    const ws = framed([meeting(at(11), at(11, 40)), meeting(at(11, 40) + gap, at(12, 14))]);
    expect(ws.recoveryCount > 0 ? ws.recoveryAt[0] : undefined).toBe(recoveryAt);
  });

  it('counts the minutes of calls in a run', () => {
    const ws = framed([meeting(at(10), at(10, 30), true), meeting(at(10, 30), at(11, 15), false)]);
    expect(ws.backCount).toBe(1);
    expect(ws.backCalls[0]).toBe(30);
    expect(ws.callCount).toBe(1);
  });

  it('the backward pass gives each break its latest start, 30 minutes apart, and how many fit', () => {
    const ws = framed([]);
    expect(frameDeadlines(ws, 3, 1)).toBe(3);
    expect(ws.late.slice(0, 3)).toEqual([at(16, 59), at(16, 28), at(15, 57)]);
    expect(frameDeadlines(ws, 100, 1)).toBe(16);
  });
});
