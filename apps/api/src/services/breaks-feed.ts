import { AppError, breakStatus, type BreaksFeedAnswer, type BreaksFeedStatus } from '@breaker/api-contract';
import {
  deleteBreaksFeed,
  findBreaksFeedCreatedAt,
  findBreaksFeedOwner,
  generateSecret,
  hashSecret,
  isWellFormedSecret,
  listBreaksFrom,
  replaceBreaksFeed,
} from '@breaker/db';
import type { AppDeps } from '../deps.js';
import { breaksCalendar } from './breaks-feed-calendar.js';

/** Where a feed is read; `:token` is the secret, never stored (only its hash is). */
export const BREAKS_FEED_ROUTE = '/api/calendar/breaks-feed/:token.ics';

const FEED_NOT_FOUND = 'That breaks feed does not exist or was turned off';

/** The longest break, so that one under way when the calendar app polls is still in the feed. */
const LONGEST_BREAK_MS = 60 * 60 * 1000;

function feedUrl(deps: AppDeps, token: string): string {
  return new URL(BREAKS_FEED_ROUTE.replace(':token', token), deps.config.appUrl).toString();
}

/** A new private address, replacing any earlier one, which stops working at once. */
export async function createBreaksFeed(deps: AppDeps, userId: string): Promise<BreaksFeedAnswer> {
  const token = generateSecret();
  await replaceBreaksFeed(deps.db, userId, hashSecret(token));
  deps.log.info({ userId }, 'breaks feed address created');
  return { url: feedUrl(deps, token) };
}

export async function revokeBreaksFeed(deps: AppDeps, userId: string): Promise<{ ok: true }> {
  await deleteBreaksFeed(deps.db, userId);
  return { ok: true };
}

export async function breaksFeedStatus(deps: AppDeps, userId: string): Promise<BreaksFeedStatus> {
  const createdAt = await findBreaksFeedCreatedAt(deps.db, userId);
  return { active: createdAt !== undefined, createdAt: createdAt?.toISOString() ?? null };
}

/**
 * The feed's iCalendar text for whoever holds its address: no session, so it is limited per address and per feed
 * like the other anonymous calls, and a token of the wrong form is a 404 like a revoked one.
 */
export async function readBreaksFeed(deps: AppDeps, token: string, address: string): Promise<string> {
  const tokenHash = isWellFormedSecret(token) ? hashSecret(token) : undefined;
  await deps.limits.consume('breaksFeed', address, tokenHash ?? 'malformed');
  const userId = tokenHash && (await findBreaksFeedOwner(deps.db, tokenHash));
  if (!userId) throw new AppError('NOT_FOUND', FEED_NOT_FOUND);
  const now = deps.now();
  const breaks = await listBreaksFrom(deps.db, userId, new Date(now.getTime() - LONGEST_BREAK_MS));
  const upcoming = breaks.filter(
    (session) =>
      breakStatus({ completedAt: session.completed_at, skipped: session.skipped }) === 'scheduled' &&
      session.scheduled_time.getTime() + session.duration * 60_000 > now.getTime(),
  );
  return breaksCalendar(upcoming, deps.config.appUrl);
}
