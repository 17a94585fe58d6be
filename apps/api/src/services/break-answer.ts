import { AppError, instructionsText, SERVER_MESSAGES, type BreakSession } from '@breaker/api-contract';
import { catalogueById, findBreakFields, type BreakActivityRow, type BreakFields } from '@breaker/db';
import type { AppDeps } from '../deps.js';

type ShownActivity = BreakSession['activity'];

/**
 * One object per catalogue entry, shared by every answer that shows it: the catalogue's rows live as long as the
 * process (a catalogue read again brings new rows), so the most frequent read builds no activity per request.
 */
const shownActivities = new WeakMap<BreakActivityRow, ShownActivity>();

/** The activity as a break shows it: the stored steps become the spec's `instructions` text and travel as `steps`. */
function shownActivity(row: BreakActivityRow): ShownActivity {
  let shown = shownActivities.get(row);
  if (!shown) {
    const { id, name, type, instructions: steps, duration, difficulty, equipment } = row;
    shown = { id, name, type, instructions: instructionsText(steps), steps, duration, difficulty, equipment };
    shownActivities.set(row, shown);
  }
  return shown;
}

/**
 * Breaks as every answer gives them (the contract's `breakSession`): the fields as the database's one mapping wrote
 * them (`BreakFields`), each with its activity from the per-process catalogue.
 */
export async function answerBreaks(deps: AppDeps, breaks: readonly BreakFields[]): Promise<BreakSession[]> {
  const catalogue = await catalogueById(
    deps.db,
    breaks.map((b) => b.activityId),
  );
  const answers: BreakSession[] = [];
  for (const fields of breaks) {
    const activity = catalogue.get(fields.activityId);
    if (activity) answers.push({ ...fields, activity: shownActivity(activity) });
  }
  return answers;
}

/** One break of the user as every answer gives it; another user's break answers the same as a missing one. */
export async function answerBreak(deps: AppDeps, userId: string, id: string): Promise<BreakSession> {
  const fields = await findBreakFields(deps.db, userId, id);
  const [answer] = fields ? await answerBreaks(deps, [fields]) : [];
  if (!answer) throw new AppError('NOT_FOUND', SERVER_MESSAGES.breakNotFound);
  return answer;
}
