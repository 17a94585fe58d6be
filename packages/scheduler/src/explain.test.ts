import { describe, expect, it } from 'vitest';
import { MORNING, RECOVERY, STRETCH } from './choose-times.js';
import { explainBreak, type BreakStory } from './explain.js';

const story: BreakStory = {
  rule: STRETCH,
  run: 0,
  runAllCalls: false,
  stretch: 96,
  breaksToday: 4,
  context: 'any',
  contextMet: false,
  calls: 0,
  sitting: 60,
  tight: false,
  shortGap: 0,
};

describe('explain', () => {
  it.each([
    [story, 'Shortest sitting stretches: with 4 breaks today, no stretch of the work day goes past 96 minutes without one.'],
    [
      { ...story, rule: RECOVERY, run: 75, runAllCalls: true, context: 'eyes' as const, contextMet: true, calls: 75 },
      'After 75 minutes of back-to-back calls: a break at the first free moment. Eyes first.',
    ],
    [{ ...story, rule: RECOVERY, run: 80 }, 'After 80 minutes of back-to-back meetings: a break at the first free moment.'],
    [{ ...story, rule: MORNING }, 'A break before noon: a mid-morning break restores most.'],
    [
      { ...story, context: 'eyes' as const, contextMet: true, calls: 50, tight: true },
      'Shortest sitting stretches: with 4 breaks today, no stretch of the work day goes past 96 minutes without one. The gap is tight, so a 1-minute activity with shorter buffers. After 50 minutes of calls: eyes first.',
    ],
    [
      { ...story, context: 'movement' as const, contextMet: true, sitting: 150, shortGap: 2 },
      'Shortest sitting stretches: with 4 breaks today, no stretch of the work day goes past 96 minutes without one. A 2-minute activity fits this short gap. Time to move: 2 h 30 min without a break.',
    ],
  ])('names the rule in plain words (%#)', (given, reason) => {
    expect(explainBreak(given)).toBe(reason);
  });
});
