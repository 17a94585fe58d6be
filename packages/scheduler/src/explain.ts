import type { BreakContext } from './activity-choice.js';
import { RECOVERY, MORNING } from './choose-times.js';
import { formatSpan } from './civil.js';

/*
 * Phase 4, explain: every break's reason names the rule that placed it, in plain words, then the rule that chose its
 * kind of activity when one did.
 */

export interface BreakStory {
  rule: number;
  /** Length of the back-to-back run before a recovery break, and whether it was all calls. */
  run: number;
  runAllCalls: boolean;
  /** The longest sitting stretch the day's breaks achieve. */
  stretch: number;
  breaksToday: number;
  context: BreakContext;
  /** The chosen activity is of the context's kind. */
  contextMet: boolean;
  calls: number;
  sitting: number;
  tight: boolean;
  /** A shorter activity than the pool's longest, because the gap is short. */
  shortGap: number;
}

export function explainBreak(story: BreakStory): string {
  let reason: string;
  if (story.rule === RECOVERY) {
    reason = `After ${formatSpan(story.run)} of back-to-back ${story.runAllCalls ? 'calls' : 'meetings'}: a break at the first free moment.`;
  } else if (story.rule === MORNING) {
    reason = 'A break before noon: a mid-morning break restores most.';
  } else {
    reason = `Shortest sitting stretches: with ${story.breaksToday} ${story.breaksToday === 1 ? 'break' : 'breaks'} today, no stretch of the work day goes past ${formatSpan(story.stretch)} without one.`;
  }
  if (story.tight) reason += ' The gap is tight, so a 1-minute activity with shorter buffers.';
  else if (story.shortGap > 0) reason += ` A ${story.shortGap}-minute activity fits this short gap.`;
  if (story.contextMet && story.context === 'eyes') {
    reason +=
      story.rule === RECOVERY && story.runAllCalls ? ' Eyes first.' : ` After ${formatSpan(story.calls)} of calls: eyes first.`;
  } else if (story.contextMet && story.context === 'eye-rest') {
    reason += ` Eye rest after ${formatSpan(story.run)} of meetings.`;
  } else if (story.contextMet && story.context === 'movement') {
    reason += ` Time to move: ${formatSpan(story.sitting)} without a break.`;
  }
  return reason;
}
