import {
  createTokenCipher,
  insertUserWithPreferences,
  listScheduledBreaksBetween,
  moveScheduledBreak,
  newPreferences,
  replaceCalendarConnection,
} from '@breaker/db';
import { openTestDatabase } from '@breaker/db/testing';
import { randomBytes } from 'node:crypto';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BREAKER_EVENT_PROPERTY, breakEventId } from './providers/google/break-write-back.js';
import type { FakeGoogle } from '@breaker/fakes/google';
import { SCOPES, signIn, startTestFake, TEST_CLIENT, USER } from '@breaker/fakes/google/testing';
import type { CalendarJobDeps } from './calendar-job-deps.js';
import { loadHandPlanning, slotsForBreak } from './hand-placement.js';
import { runPlaceBreaks } from './place-breaks.js';
import { runBreakWriteBack } from './write-back.js';

// Monday 2026-11-23, 08:00 in New York.
const NOW = new Date('2026-11-23T13:00:00Z');
const WEEK = { from: NOW, to: new Date('2026-11-30T05:00:00Z') };

describe("a pinned break in the user's Google Calendar", () => {
  let google: FakeGoogle;
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let deps: CalendarJobDeps;
  beforeAll(async () => {
    google = await startTestFake();
    database = await openTestDatabase('postgres');
    deps = {
      db: database.db,
      log: pino({ level: 'silent' }),
      now: () => NOW,
      google: { clientId: TEST_CLIENT.clientId, clientSecret: TEST_CLIENT.clientSecret, baseUrl: google.origin },
      cipher: createTokenCipher(randomBytes(32)),
      allowPrivateFeeds: false,
    };
  }, 60_000);
  afterAll(async () => {
    await database?.dispose();
    await google?.close();
  });

  function breakerEvents() {
    return google
      .storedEvents(USER, USER)
      .filter((event) => event.extendedProperties?.private?.[BREAKER_EVENT_PROPERTY] === '1' && event.status !== 'cancelled');
  }

  it('keeps its one event through a refresh: no copy, no removal, no rewrite of it', async () => {
    const user = await insertUserWithPreferences(
      database.db,
      { username: 'pinned-in-google', email: null },
      newPreferences({ break_frequency: 4, work_start_time: '09:00', timezone: 'America/New_York' }),
    );
    const tokens = await signIn(google, { scope: SCOPES.calendarEvents });
    await replaceCalendarConnection(database.db, user.id, {
      provider: 'google',
      account_email: USER,
      refresh_token_encrypted: deps.cipher.seal(String(tokens.refresh_token)),
      feed_url_encrypted: null,
      scopes: SCOPES.calendarEvents,
    });
    await runPlaceBreaks(deps, { userId: user.id, trigger: 'refresh' });
    await runBreakWriteBack(deps, { userId: user.id });

    // The user moves a break by hand; the change is written back, as the API does after each change.
    const [first] = await listScheduledBreaksBetween(database.db, user.id, WEEK.from, WEEK.to);
    const planning = await loadHandPlanning(database.db, user.id, NOW);
    const movedTo = slotsForBreak(planning!, first!, 6).find((slot) => slot > first!.scheduled_time)!;
    expect(await moveScheduledBreak(database.db, user.id, first!.id, movedTo, 'Moved here by you.')).toBe(true);
    await runBreakWriteBack(deps, { userId: user.id });
    const pinnedEvent = breakEventId(user.id, movedTo);
    expect(breakerEvents().filter((event) => event.id === pinnedEvent)).toHaveLength(1);

    const before = google.calls.length;
    await runPlaceBreaks(deps, { userId: user.id, trigger: 'refresh' });
    // The day's other breaks move around the pinned one; only their events change.
    expect(await runBreakWriteBack(deps, { userId: user.id })).not.toHaveProperty('skipped');

    const touched = google.calls.slice(before).filter((call) => call.method !== 'GET' && call.path.endsWith(`/${pinnedEvent}`));
    expect(touched).toEqual([]);
    const events = breakerEvents();
    expect(events.filter((event) => event.id === pinnedEvent)).toHaveLength(1);
    const scheduled = await listScheduledBreaksBetween(database.db, user.id, WEEK.from, WEEK.to);
    expect(scheduled.find((b) => b.id === first!.id)?.scheduled_time).toEqual(movedTo);
    expect(events.map((event) => event.id).sort()).toEqual(scheduled.map((b) => breakEventId(user.id, b.scheduled_time)).sort());
  });
});
