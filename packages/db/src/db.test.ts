import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueActivities } from './catalogue/activities.js';
import {
  applyEventChanges,
  deleteBreak,
  findCalendarConnection,
  findSyncState,
  listEventsBetween,
  removeCalendarConnection,
  replaceCalendarConnection,
  replaceConnectionEvents,
  saveSyncState,
  findPreferences,
  findSessionWithUser,
  findUserByUsername,
  insertSchedulingRun,
  insertSession,
  insertUserWithPreferences,
  listActivities,
  listBreaksFrom,
  replaceScheduledBreaks,
  updateBreakOutcome,
  updatePreferences,
  newPreferences,
} from './index.js';
import { migrateToLatest } from './migrate.js';
import { seedCatalogue } from './seed.js';
import { connectTestFeed, openTestDatabase, type TestBackend } from './testing.js';

const preferenceRow = newPreferences({
  selected_exercise: null,
  break_types: ['stretch', 'eye-rest'],
  timezone: 'Europe/Berlin',
});

describe.each<TestBackend>(['pglite', 'postgres'])('database on %s', (kind) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it('migrates and seeds idempotently', async () => {
    expect(await migrateToLatest(database.db)).toEqual([]);
    await seedCatalogue(database.db);
    const activities = await listActivities(database.db);
    expect(activities).toHaveLength(catalogueActivities.length);
    expect(activities[0]?.instructions.length).toBeGreaterThanOrEqual(3);
  });

  it('stores users with preferences, arrays intact, and finds them case-insensitively', async () => {
    const user = await insertUserWithPreferences(
      database.db,
      { username: `Ada-${kind}`, email: `ada-${kind}@example.com`, password_hash: 'x' },
      preferenceRow,
    );
    expect((await findUserByUsername(database.db, `ada-${kind}`))?.id).toBe(user.id);
    const prefs = await findPreferences(database.db, user.id);
    expect(prefs?.break_types).toEqual(['stretch', 'eye-rest']);
    expect(prefs?.work_days).toEqual([1, 2, 3, 4, 5]);
    const updated = await updatePreferences(database.db, user.id, { break_frequency: 6, work_days: [1, 3] });
    expect(updated.break_frequency).toBe(6);
    expect(updated.work_days).toEqual([1, 3]);
  });

  it("finds a session together with its user in one query, without the user's sign-in secrets", async () => {
    const user = await insertUserWithPreferences(
      database.db,
      { username: `grace-${kind}`, email: null, password_hash: 'argon2 hash', google_subject: 'google-subject' },
      preferenceRow,
    );
    const expiresAt = new Date(Date.now() + 60_000);
    await insertSession(database.db, { id: `hash-${kind}`, userId: user.id, expiresAt, absoluteExpiresAt: expiresAt });
    const found = await findSessionWithUser(database.db, `hash-${kind}`);
    expect(found?.user.username).toBe(`grace-${kind}`);
    expect(found?.user).not.toHaveProperty('password_hash');
    expect(found?.user).not.toHaveProperty('google_subject');
    expect(found?.session.expiresAt.getTime()).toBe(expiresAt.getTime());
    expect(await findSessionWithUser(database.db, 'nope')).toBeUndefined();
  });

  it('keeps one calendar per user and tells whether a sync changed the busy time', async () => {
    const user = await insertUserWithPreferences(database.db, { username: `cal-${kind}`, email: null }, preferenceRow);
    const ics = await connectTestFeed(database.db, user.id);
    expect((await findCalendarConnection(database.db, user.id))?.id).toBe(ics.id);
    const meeting = {
      calendarId: 'feed',
      externalId: 'a',
      title: 'Standup',
      start: new Date('2026-11-23T09:00:00Z'),
      end: new Date('2026-11-23T09:15:00Z'),
      isAllDay: false,
      blocksTime: true,
      showAs: 'busy' as const,
    };
    expect(await replaceConnectionEvents(database.db, ics, [meeting])).toEqual({ busyChanged: true, stored: 1 });
    expect((await replaceConnectionEvents(database.db, ics, [{ ...meeting, title: 'Renamed' }])).busyChanged).toBe(false);
    // The user's setting reads the status: a meeting turned tentative may now leave its time open.
    const tentative = { ...meeting, showAs: 'tentative' as const };
    expect((await replaceConnectionEvents(database.db, ics, [tentative])).busyChanged).toBe(true);
    const free = { ...meeting, externalId: 'b', blocksTime: false };
    expect((await applyEventChanges(database.db, ics, { upserts: [free], removals: [] })).busyChanged).toBe(false);
    expect(
      (await applyEventChanges(database.db, ics, { upserts: [], removals: [{ calendarId: 'feed', externalId: 'a' }] }))
        .busyChanged,
    ).toBe(true);
    expect(
      await listEventsBetween(database.db, user.id, new Date('2026-11-23T00:00:00Z'), new Date('2026-11-24T00:00:00Z')),
    ).toHaveLength(1);

    const windowEnd = new Date('2026-12-07T00:00:00Z');
    await saveSyncState(database.db, ics.id, 'primary', { syncToken: 'token-1', windowEnd });
    await saveSyncState(database.db, ics.id, 'primary', { syncToken: 'token-2', windowEnd });
    expect(await findSyncState(database.db, ics.id, 'primary')).toEqual({ syncToken: 'token-2', windowEnd });

    const google = await replaceCalendarConnection(database.db, user.id, {
      provider: 'google',
      account_email: 'a@example.com',
      refresh_token_encrypted: 'sealed',
      feed_url_encrypted: null,
      scopes: 'calendar.events',
    });
    expect((await findCalendarConnection(database.db, user.id))?.provider).toBe('google');
    expect(
      await listEventsBetween(database.db, user.id, new Date('2026-11-23T00:00:00Z'), new Date('2026-11-24T00:00:00Z')),
    ).toEqual([]);
    expect(await removeCalendarConnection(database.db, user.id, 'google')).toBe(true);
    expect(await findCalendarConnection(database.db, user.id)).toBeUndefined();
    expect((await findUserByUsername(database.db, `cal-${kind}`))?.calendar_provider).toBeNull();
    expect(google.status).toBe('active');
  });

  it('replaces only still-scheduled breaks when re-planning', async () => {
    const user = await insertUserWithPreferences(database.db, { username: `linus-${kind}`, email: null }, preferenceRow);
    const runId = await insertSchedulingRun(database.db, {
      userId: user.id,
      trigger: 'refresh',
      engineVersion: 'test',
      seed: 1,
      input: { a: 1 },
      output: { b: [1, 2] },
      durationMs: 1.5,
    });
    const from = new Date('2026-11-23T00:00:00Z');
    const to = new Date('2026-11-29T00:00:00Z');
    const at = (h: number) => new Date(Date.UTC(2026, 10, 23, h));
    const first = await replaceScheduledBreaks(
      database.db,
      user.id,
      from,
      to,
      [
        { activityId: catalogueActivities[0]!.slug, scheduledTime: at(9), duration: 1, placementReason: 'r' },
        { activityId: catalogueActivities[1]!.slug, scheduledTime: at(11), duration: 1, placementReason: 'r' },
        { activityId: catalogueActivities[2]!.slug, scheduledTime: at(13), duration: 1, placementReason: 'r' },
      ],
      runId,
    );
    expect(first).toHaveLength(3);
    expect(await updateBreakOutcome(database.db, user.id, first[0]!.id, { completedAt: at(9) })).toBe(true);
    expect(await updateBreakOutcome(database.db, user.id, first[1]!.id, { skipped: true })).toBe(true);
    await replaceScheduledBreaks(
      database.db,
      user.id,
      from,
      to,
      [{ activityId: catalogueActivities[3]!.slug, scheduledTime: at(15), duration: 2, placementReason: 'r' }],
      runId,
    );
    const breaks = await listBreaksFrom(database.db, user.id, from);
    expect(breaks.map((b) => b.scheduled_time.toISOString())).toEqual([at(9), at(11), at(15)].map((d) => d.toISOString()));
    expect(breaks[2]?.activity.name).toBe(catalogueActivities[3]!.name);
    expect(await deleteBreak(database.db, user.id, breaks[2]!.id)).toBe(true);
    expect(await deleteBreak(database.db, user.id, breaks[2]!.id)).toBe(false);
  });
});
