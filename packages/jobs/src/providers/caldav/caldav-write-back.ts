import {
  forgetWrittenEvent,
  listConnectionCalendars,
  listScheduledBreaksBetween,
  listWrittenEvents,
  saveWrittenEvent,
  type CalendarConnectionRow,
  type WrittenEvent,
} from '@breaker/db';
import type { WriteBackOptions, WriteBackOutcome, WriteBackResult, WriteBackWindow } from '../calendar-provider.js';
import { breakEvent, breakEventIcs, type BreakEvent } from './caldav-break-events.js';
import { openSession, type CalDavSession } from './caldav-client.js';
import { openCredentials } from './caldav-credentials.js';
import type { CalDavDeps } from './caldav-sync.js';

function sameEvent(written: WrittenEvent, wanted: BreakEvent, calendarId: string): boolean {
  return (
    written.calendarId === calendarId &&
    written.summary === wanted.summary &&
    written.start.getTime() === wanted.start.getTime() &&
    written.end.getTime() === wanted.end.getTime()
  );
}

interface Pass {
  deps: CalDavDeps;
  connection: CalendarConnectionRow;
  session: CalDavSession;
  outcome: WriteBackOutcome;
}

/** Someone changed or removed Breaker's event on the server: their change stands, Breaker stops managing it. */
async function leave(pass: Pass, written: WrittenEvent, why: string): Promise<void> {
  pass.deps.log.info({ connectionId: pass.connection.id, event: written.externalId }, why);
  await forgetWrittenEvent(pass.deps.db, pass.connection.id, written.externalId);
}

async function create(pass: Pass, calendarId: string, wanted: BreakEvent): Promise<void> {
  const href = new URL(wanted.fileName, calendarId).href;
  const created = await pass.session.create(href, breakEventIcs(wanted, pass.deps.now()));
  if (created === 'exists') {
    pass.deps.log.info(
      { connectionId: pass.connection.id, event: wanted.uid },
      'an event is already at that address; left alone',
    );
    return;
  }
  await saveWrittenEvent(pass.deps.db, pass.connection.id, {
    externalId: wanted.uid,
    calendarId,
    href,
    etag: created.etag,
    ...wanted,
  });
  pass.outcome.created += 1;
}

async function update(pass: Pass, written: WrittenEvent, wanted: BreakEvent): Promise<void> {
  if (!written.etag) return leave(pass, written, 'no ETag to update the break event safely; left alone');
  const updated = await pass.session.update(written.href, written.etag, breakEventIcs(wanted, pass.deps.now()));
  if (updated === 'changed') return leave(pass, written, 'the break event was changed on the server (412); left alone');
  if (updated === 'gone') return leave(pass, written, 'the break event was removed on the server; not written again');
  await saveWrittenEvent(pass.deps.db, pass.connection.id, { ...written, ...wanted, etag: updated.etag });
  pass.outcome.updated += 1;
}

async function remove(pass: Pass, written: WrittenEvent): Promise<void> {
  if (!written.etag) return leave(pass, written, 'no ETag to remove the break event safely; left alone');
  const removed = await pass.session.remove(written.href, written.etag);
  if (removed === 'changed') return leave(pass, written, 'the break event was changed on the server (412); left alone');
  await forgetWrittenEvent(pass.deps.db, pass.connection.id, written.externalId);
  if (removed === 'removed') pass.outcome.deleted += 1;
}

/**
 * Makes the chosen calendar hold exactly the upcoming scheduled breaks (none with booking off). Breaker knows each
 * event it wrote and its ETag: new ones are created with `If-None-Match: *`, changed and removed ones sent with
 * `If-Match`, so an event someone else created or changed since is never overwritten (412: left as it is).
 */
export async function writeBreaksToCalDav(
  deps: CalDavDeps,
  connection: CalendarConnectionRow,
  userId: string,
  window: WriteBackWindow,
  options: WriteBackOptions,
): Promise<WriteBackResult> {
  const target = (await listConnectionCalendars(deps.db, connection.id)).find((c) => c.writeTarget);
  const scheduled =
    options.bookingEnabled && target ? await listScheduledBreaksBetween(deps.db, userId, window.from, window.to) : [];
  const wanted = new Map(scheduled.map((b) => [breakEvent(userId, b).uid, breakEvent(userId, b)]));
  const written = new Map((await listWrittenEvents(deps.db, connection.id)).map((w) => [w.externalId, w]));
  if (wanted.size === 0 && written.size === 0) return { created: 0, updated: 0, deleted: 0 };
  const pass: Pass = {
    deps,
    connection,
    session: openSession(openCredentials(deps.cipher, connection), deps.allowPrivateFeeds),
    outcome: { created: 0, updated: 0, deleted: 0 },
  };
  for (const [uid, event] of wanted) {
    const current = written.get(uid);
    if (current && target && sameEvent(current, event, target.calendarId)) continue;
    if (current && current.calendarId === target?.calendarId) await update(pass, current, event);
    else if (target) {
      if (current) await remove(pass, current);
      await create(pass, target.calendarId, event);
    }
  }
  for (const [uid, current] of written) {
    if (wanted.has(uid)) continue;
    // Past breaks stay in the calendar as they were, like Google's.
    if (current.end <= window.from) await forgetWrittenEvent(deps.db, connection.id, uid);
    else await remove(pass, current);
  }
  return pass.outcome;
}
