import { catalogueDigest, type PlanDay } from '@breaker/db';
import { hash } from 'node:crypto';

/**
 * The ETag of an answer built only from the user's plan (their upcoming breaks, their calendar events): it derives
 * from what the answer depends on instead of from the answer, so a conditional read is decided from the session's
 * row, before the answer is read or hashed (docs/decisions/013-plan-version.md):
 * - the user and their plan version, which moves in the same transaction as every change to their breaks, events
 *   and zone (migration 0016's triggers);
 * - the instant their today starts, since both answers begin from that day: it moves at their midnight;
 * - the address asked for (the answer differs between routes, and a tRPC batch by its calls and input);
 * - the activity catalogue and ANSWER_SHAPE, which change only with a release.
 * Weak, like the others: the same JSON goes out compressed or not (conditional-reads.ts).
 */
export function planEtag(userId: string, planDay: PlanDay, url: string): string {
  const inputs = [ANSWER_SHAPE, catalogueDigest, userId, planDay.version, planDay.todayStart, url].join('\n');
  return `W/"plan-${hash('sha1', inputs, 'base64url')}"`;
}

/** Raise it when a release changes how a plan answer is built from the same rows, so no browser keeps the old one. */
const ANSWER_SHAPE = 1;
