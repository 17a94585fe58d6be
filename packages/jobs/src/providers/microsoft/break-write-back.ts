import { listScheduledBreaksBetween, type BreakWithActivity } from '@breaker/db';
import { createHash } from 'node:crypto';
import type { JobDeps } from '../../job-deps.js';
import type { WriteBackOptions, WriteBackOutcome, WriteBackWindow } from '../calendar-provider.js';
import { GraphFailure, type GraphClient } from './graph-client.js';
import { BREAK_TRANSACTION_PREFIX } from './graph-events.js';

/**
 * The single-value extended property that marks an event as Breaker's (graph.resource.extended-properties-overview.md:
 * a string property in Breaker's own namespace GUID). Only events carrying it are listed, changed or deleted.
 */
export const BREAKER_PROPERTY_ID = 'String {b7e2a0c4-5f3d-4e8a-9c61-2d4f8a1b3e57} Name Breaker';
const BREAKER_PROPERTY_VALUE = 'break';

interface BreakEvent {
  id?: string;
  subject: string;
  body: { contentType: 'text'; content: string };
  start: { dateTime: string; timeZone: 'UTC' };
  end: { dateTime: string; timeZone: 'UTC' };
  showAs: 'free';
  isReminderOn: false;
  transactionId: string;
  singleValueExtendedProperties: Array<{ id: string; value: string }>;
}

interface ListedEvent {
  id: string;
  subject?: string;
  start?: { dateTime: string };
  end?: { dateTime: string };
  transactionId?: string;
}

/**
 * Deterministic per user and start time: Graph creates nothing new for a transactionId it already holds, so a retried
 * or repeated write-back of the same break cannot add a second event.
 */
export function breakTransactionId(userId: string, start: Date): string {
  return `${BREAK_TRANSACTION_PREFIX}${createHash('sha256').update(`${userId}:${start.getTime()}`).digest('hex').slice(0, 40)}`;
}

/** UTC without the offset, as Graph's dateTimeTimeZone wants it. */
const utc = (instant: Date): string => instant.toISOString().slice(0, 23);

function desiredEvent(userId: string, scheduled: BreakWithActivity): BreakEvent {
  const start = scheduled.scheduled_time;
  const end = new Date(start.getTime() + scheduled.duration * 60_000);
  return {
    subject: `${scheduled.activity.name} · Breaker`,
    body: {
      contentType: 'text',
      content: scheduled.activity.instructions.map((step, index) => `${index + 1}. ${step}`).join('\n'),
    },
    start: { dateTime: utc(start), timeZone: 'UTC' },
    end: { dateTime: utc(end), timeZone: 'UTC' },
    // Breaks are free time: they never block anyone booking a meeting with the user.
    showAs: 'free',
    isReminderOn: false,
    transactionId: breakTransactionId(userId, start),
    singleValueExtendedProperties: [{ id: BREAKER_PROPERTY_ID, value: BREAKER_PROPERTY_VALUE }],
  };
}

const instant = (value: string | undefined): number =>
  value ? Date.parse(value.endsWith('Z') ? value : `${value}Z`) : Number.NaN;

function sameSlot(current: ListedEvent, wanted: BreakEvent): boolean {
  return (
    current.subject === wanted.subject &&
    instant(current.start?.dateTime) === instant(wanted.start.dateTime) &&
    instant(current.end?.dateTime) === instant(wanted.end.dateTime)
  );
}

/** Breaker's events in the window, found by their extended property; anything else in the calendar is never read here. */
async function listBreakerEvents(graph: GraphClient, window: WriteBackWindow): Promise<Map<string, ListedEvent>> {
  const query = new URLSearchParams({
    startDateTime: window.from.toISOString(),
    endDateTime: window.to.toISOString(),
    $filter: `singleValueExtendedProperties/Any(ep: ep/id eq '${BREAKER_PROPERTY_ID}' and ep/value eq '${BREAKER_PROPERTY_VALUE}')`,
    $top: '1000',
  });
  const found = new Map<string, ListedEvent>();
  let link: string | undefined = `/me/calendarView?${query.toString()}`;
  while (link) {
    const { body }: { body: { value: ListedEvent[]; '@odata.nextLink'?: string } } = await graph.request('GET', link, {
      headers: { prefer: 'outlook.timezone="UTC"' },
    });
    for (const event of body.value)
      if (event.transactionId?.startsWith(BREAK_TRANSACTION_PREFIX)) found.set(event.transactionId, event);
    link = body['@odata.nextLink'];
  }
  return found;
}

/**
 * Makes the user's Outlook calendar show exactly their upcoming scheduled breaks (none with booking off): missing ones
 * are added, changed ones updated, and Breaker's events for breaks that were re-planned, completed, skipped or removed
 * are deleted. Events Breaker did not create are never touched.
 */
export async function writeBreaksToOutlook(
  deps: JobDeps,
  graph: GraphClient,
  userId: string,
  window: WriteBackWindow,
  options: WriteBackOptions,
): Promise<WriteBackOutcome> {
  const scheduled = options.bookingEnabled ? await listScheduledBreaksBetween(deps.db, userId, window.from, window.to) : [];
  const desired = new Map(scheduled.map((b) => [breakTransactionId(userId, b.scheduled_time), desiredEvent(userId, b)]));
  const existing = await listBreakerEvents(graph, window);
  const outcome: WriteBackOutcome = { created: 0, updated: 0, deleted: 0 };
  for (const [transactionId, event] of desired) {
    const current = existing.get(transactionId);
    if (current && sameSlot(current, event)) continue;
    if (current) {
      // transactionId cannot change once set, and the tag is already there: only the break's own fields move.
      const { subject, body, start, end, showAs } = event;
      await graph.request('PATCH', `/me/events/${encodeURIComponent(current.id)}`, {
        body: { subject, body, start, end, showAs },
      });
      outcome.updated += 1;
    } else {
      await graph.request('POST', '/me/events', { body: event });
      outcome.created += 1;
    }
  }
  for (const [transactionId, event] of existing) {
    if (desired.has(transactionId)) continue;
    try {
      await graph.request('DELETE', `/me/events/${encodeURIComponent(event.id)}`);
      outcome.deleted += 1;
    } catch (error) {
      if (!(error instanceof GraphFailure && error.response.status === 404)) throw error;
    }
  }
  return outcome;
}
