import { listScheduledBreaksBetween, type BreakWithActivity } from '@breaker/db';
import type { calendar_v3 } from '@googleapis/calendar';
import type { JobDeps } from '../../job-deps.js';
import { breakEventId, breakEventText } from '../break-event.js';
import type { WriteBackOutcome, WriteBackWindow } from '../calendar-provider.js';
import { describeProviderFailure, withProviderRetries, type RetryOptions } from '../provider-retries.js';

export { breakEventId } from '../break-event.js';

const CALENDAR_ID = 'primary';
/** The private extended property that marks an event as Breaker's: only such events are ever changed or deleted. */
export const BREAKER_EVENT_PROPERTY = 'breaker';

export function isBreakerEvent(event: calendar_v3.Schema$Event): boolean {
  return event.extendedProperties?.private?.[BREAKER_EVENT_PROPERTY] === '1';
}

/** A popup as the break starts when calendar alerts are on; no reminder at all (not even the calendar's default) when off. */
function remindersFor(alerts: boolean): calendar_v3.Schema$Event['reminders'] {
  return { useDefault: false, overrides: alerts ? [{ method: 'popup', minutes: 0 }] : [] };
}

function desiredEvent(userId: string, scheduled: BreakWithActivity, alerts: boolean): calendar_v3.Schema$Event {
  const start = scheduled.scheduled_time;
  const end = new Date(start.getTime() + scheduled.duration * 60_000);
  return {
    id: breakEventId(userId, start),
    ...breakEventText(scheduled),
    start: { dateTime: start.toISOString() },
    end: { dateTime: end.toISOString() },
    transparency: 'transparent',
    reminders: remindersFor(alerts),
    extendedProperties: { private: { [BREAKER_EVENT_PROPERTY]: '1' } },
  };
}

/** Whether the event alerts as it starts: a popup override at 0 minutes. */
function alertsAtStart(event: calendar_v3.Schema$Event): boolean {
  const reminders = event.reminders;
  return reminders?.useDefault === false && (reminders.overrides ?? []).some((o) => o.method === 'popup' && o.minutes === 0);
}

function sameSlot(a: calendar_v3.Schema$Event, b: calendar_v3.Schema$Event): boolean {
  const instant = (value: string | null | undefined) => (value ? Date.parse(value) : Number.NaN);
  return (
    a.summary === b.summary &&
    alertsAtStart(a) === alertsAtStart(b) &&
    instant(a.start?.dateTime) === instant(b.start?.dateTime) &&
    instant(a.end?.dateTime) === instant(b.end?.dateTime)
  );
}

/**
 * Makes the user's calendar show exactly their upcoming scheduled breaks (or none, with booking off): missing ones are added, changed ones
 * updated, and Breaker's events for breaks that were re-planned, completed, skipped or removed are deleted.
 * Events Breaker did not create are never touched. Breaks show as free time, so they never block anyone's booking, and
 * with calendar alerts on they pop up as they start.
 */
export async function writeBreaksBack(
  deps: JobDeps,
  api: calendar_v3.Calendar,
  userId: string,
  window: WriteBackWindow,
  options: { bookingEnabled: boolean; alertsEnabled: boolean; retry?: RetryOptions },
): Promise<WriteBackOutcome> {
  const retry = options.retry ?? {};
  // With booking turned off the calendar should hold none of Breaker's events: the same pass removes them all.
  const scheduled = options.bookingEnabled ? await listScheduledBreaksBetween(deps.db, userId, window.from, window.to) : [];
  const desired = new Map(
    scheduled.map((b) => [breakEventId(userId, b.scheduled_time), desiredEvent(userId, b, options.alertsEnabled)]),
  );
  const existing = new Map<string, calendar_v3.Schema$Event>();
  let pageToken: string | undefined;
  do {
    const { data } = await withProviderRetries(
      'google',
      () =>
        api.events.list({
          calendarId: CALENDAR_ID,
          privateExtendedProperty: [`${BREAKER_EVENT_PROPERTY}=1`],
          timeMin: window.from.toISOString(),
          timeMax: window.to.toISOString(),
          singleEvents: true,
          maxResults: 2500,
          ...(pageToken ? { pageToken } : {}),
        }),
      retry,
    );
    for (const event of data.items ?? []) if (event.id && isBreakerEvent(event)) existing.set(event.id, event);
    pageToken = data.nextPageToken ?? undefined;
  } while (pageToken);

  const outcome: WriteBackOutcome = { created: 0, updated: 0, deleted: 0 };
  for (const [id, event] of desired) {
    const current = existing.get(id);
    if (current && sameSlot(current, event)) continue;
    if (current) {
      await withProviderRetries(
        'google',
        () => api.events.patch({ calendarId: CALENDAR_ID, eventId: id, requestBody: event }),
        retry,
      );
      outcome.updated += 1;
      continue;
    }
    try {
      await withProviderRetries('google', () => api.events.insert({ calendarId: CALENDAR_ID, requestBody: event }), retry);
      outcome.created += 1;
    } catch (error) {
      // 409: the id exists (an earlier run's event, perhaps deleted since): bring it back with this break.
      if (describeProviderFailure(error).status !== 409) throw error;
      await withProviderRetries(
        'google',
        () => api.events.update({ calendarId: CALENDAR_ID, eventId: id, requestBody: { ...event, status: 'confirmed' } }),
        retry,
      );
      outcome.updated += 1;
    }
  }
  for (const id of existing.keys()) {
    if (desired.has(id)) continue;
    try {
      await withProviderRetries('google', () => api.events.delete({ calendarId: CALENDAR_ID, eventId: id }), retry);
      outcome.deleted += 1;
    } catch (error) {
      if (![404, 410].includes(describeProviderFailure(error).status ?? 0)) throw error;
    }
  }
  return outcome;
}
