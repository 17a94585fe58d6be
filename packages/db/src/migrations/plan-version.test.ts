import fc from 'fast-check';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { catalogueActivities } from '../catalogue/activities.js';
import type { Db } from '../client.js';
import { listUpcomingBreakFields } from '../queries/breaks.js';
import { PLANNING_PREFERENCE_COLUMNS } from '../queries/placement.js';
import { findSessionWithPlanDay } from '../queries/sessions.js';
import { useScratchDatabase } from '../scratch-database.test-support.js';
import { connectTestFeed, insertTestUser, type TestBackend } from '../testing.js';

const NOW = new Date('2026-11-25T20:00:00Z');
const SLOT_MS = 60 * 60 * 1000;
const FIRST_SLOT = Date.parse('2026-11-25T00:00:00Z');
const ZONES = ['UTC', 'Europe/Berlin', 'America/Santiago', 'Asia/Kolkata', 'Pacific/Kiritimati'];

/** Every kind of write the product makes to what the answers show, and some that show nothing. */
type Change =
  | { kind: 'insert break' | 'move break'; slot: number; pick: number }
  | { kind: 'complete break' | 'skip break' | 'pin break' | 'delete break' | 'announce break'; pick: number }
  | { kind: 'insert event'; slot: number; title: string }
  | { kind: 'retitle event' | 'delete event' | 'rewrite event as it is' | 'make event a call'; pick: number; title: string }
  | { kind: 'change zone'; zone: string }
  | { kind: 'change break frequency'; frequency: number }
  | { kind: 'turn notifications off' };

const pick = fc.nat(20);
const slot = fc.integer({ min: -30, max: 200 });
const change: fc.Arbitrary<Change> = fc.oneof(
  fc.record({ kind: fc.constantFrom('insert break' as const, 'move break' as const), slot, pick }),
  fc.record({
    kind: fc.constantFrom(
      'complete break' as const,
      'skip break' as const,
      'pin break' as const,
      'delete break' as const,
      'announce break' as const,
    ),
    pick,
  }),
  fc.record({ kind: fc.constant('insert event' as const), slot, title: fc.string({ maxLength: 8 }) }),
  fc.record({
    kind: fc.constantFrom(
      'retitle event' as const,
      'delete event' as const,
      'rewrite event as it is' as const,
      'make event a call' as const,
    ),
    pick,
    title: fc.string({ maxLength: 8 }),
  }),
  fc.record({ kind: fc.constant('change zone' as const), zone: fc.constantFrom(...ZONES) }),
  fc.record({ kind: fc.constant('change break frequency' as const), frequency: fc.integer({ min: 1, max: 8 }) }),
  fc.record({ kind: fc.constant('turn notifications off' as const) }),
);

/** The nth of the user's rows of `table`, by id, or undefined when there are none. */
async function nth(db: Db, table: 'break_sessions' | 'calendar_events', userId: string, n: number): Promise<string | undefined> {
  const rows = await db.selectFrom(table).select('id').where('user_id', '=', userId).orderBy('id').execute();
  return rows.length === 0 ? undefined : rows[n % rows.length]!.id;
}

async function apply(db: Db, userId: string, connectionId: string, step: Change): Promise<void> {
  const at = (n: number) => new Date(FIRST_SLOT + n * SLOT_MS);
  const breakId = 'pick' in step && step.kind.endsWith('break') ? await nth(db, 'break_sessions', userId, step.pick) : undefined;
  const eventId = 'pick' in step && step.kind.includes('event') ? await nth(db, 'calendar_events', userId, step.pick) : undefined;
  const breaks = db.updateTable('break_sessions').where('id', '=', breakId ?? '00000000-0000-0000-0000-000000000000');
  const events = db.updateTable('calendar_events').where('id', '=', eventId ?? '00000000-0000-0000-0000-000000000000');
  switch (step.kind) {
    case 'insert break':
      await db
        .insertInto('break_sessions')
        .values({
          user_id: userId,
          activity_id: catalogueActivities[step.pick % 5]!.slug,
          scheduled_time: at(step.slot),
          duration: 5,
          placement_reason: 'r',
        })
        .execute();
      return;
    case 'move break':
      await breaks.set({ scheduled_time: at(step.slot) }).execute();
      return;
    case 'complete break':
      await breaks.set({ completed_at: NOW }).execute();
      return;
    case 'skip break':
      await breaks.set({ skipped: true }).execute();
      return;
    case 'pin break':
      await breaks.set((eb) => ({ pinned: eb.not('pinned') })).execute();
      return;
    case 'announce break':
      await breaks.set({ reminded_for: NOW }).execute();
      return;
    case 'delete break':
      await db
        .deleteFrom('break_sessions')
        .where('id', '=', breakId ?? '00000000-0000-0000-0000-000000000000')
        .execute();
      return;
    case 'insert event':
      await db
        .insertInto('calendar_events')
        .values({
          user_id: userId,
          connection_id: connectionId,
          calendar_id: 'primary',
          external_id: `${step.slot}-${step.title}-${Math.random()}`,
          title: step.title,
          start_time: at(step.slot),
          end_time: at(step.slot + 1),
          is_all_day: false,
          blocks_time: true,
        })
        .execute();
      return;
    case 'retitle event':
      await events.set({ title: step.title }).execute();
      return;
    case 'make event a call':
      await events.set((eb) => ({ call: eb.not('call') })).execute();
      return;
    case 'rewrite event as it is':
      await events.set((eb) => ({ title: eb.ref('title'), start_time: eb.ref('start_time') })).execute();
      return;
    case 'delete event':
      await db
        .deleteFrom('calendar_events')
        .where('id', '=', eventId ?? '00000000-0000-0000-0000-000000000000')
        .execute();
      return;
    case 'change zone':
      await db.updateTable('preferences').set({ timezone: step.zone }).where('user_id', '=', userId).execute();
      return;
    case 'change break frequency':
      await db.updateTable('preferences').set({ break_frequency: step.frequency }).where('user_id', '=', userId).execute();
      return;
    case 'turn notifications off':
      await db.updateTable('preferences').set({ notifications_enabled: false }).where('user_id', '=', userId).execute();
      return;
  }
}

/**
 * Everything the upcoming-breaks and calendar-events answers are built from, and what planning reads (a drafted plan
 * is stored only while the version holds, migration 0024), as one comparable text.
 */
async function answers(db: Db, userId: string): Promise<string> {
  const breaks = await listUpcomingBreakFields(db, userId, NOW);
  const events = await db
    .selectFrom('calendar_events')
    .select(['id', 'title', 'start_time', 'end_time', 'is_all_day', 'blocks_time', 'show_as', 'call'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  const preferences = await db
    .selectFrom('preferences')
    .select(PLANNING_PREFERENCE_COLUMNS)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return JSON.stringify({ breaks, events, preferences });
}

async function planVersion(db: Db, userId: string): Promise<string> {
  const row = await db.selectFrom('users').select('plan_version').where('id', '=', userId).executeTakeFirstOrThrow();
  return String(row.plan_version);
}

describe.each<TestBackend>(['pglite', 'postgres'])('the plan version on %s', (kind) => {
  const database = useScratchDatabase(kind);
  let users = 0;

  async function newUser(): Promise<{ userId: string; connectionId: string }> {
    users += 1;
    const { user } = await insertTestUser(database().db, { username: `plan-${kind}-${users}`, preferences: { timezone: 'UTC' } });
    const connection = await connectTestFeed(database().db, user.id);
    return { userId: user.id, connectionId: connection.id };
  }

  it('moves with every change to what the answers show or planning reads, in the statement that made it', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(change, { minLength: 1, maxLength: 12 }), async (changes) => {
        const { db } = database();
        const { userId, connectionId } = await newUser();
        for (const step of changes) {
          const before = { answers: await answers(db, userId), version: await planVersion(db, userId) };
          // A break on a taken slot breaks the no-overlap guarantee: refused, and nothing changes.
          await apply(db, userId, connectionId, step).catch((error: unknown) => {
            if (!/overlap|exclusion|conflicting key/i.test(String(error))) throw error;
          });
          const after = { answers: await answers(db, userId), version: await planVersion(db, userId) };
          if (after.answers !== before.answers) expect(after.version, step.kind).not.toBe(before.version);
        }
      }),
      { numRuns: 25 },
    );
  });

  it('stays put when a write changes nothing the answers show or planning reads', async () => {
    const { db } = database();
    const { userId, connectionId } = await newUser();
    await apply(db, userId, connectionId, { kind: 'insert break', slot: 30, pick: 0 });
    await apply(db, userId, connectionId, { kind: 'insert event', slot: 31, title: 'standup' });
    const version = await planVersion(db, userId);
    await apply(db, userId, connectionId, { kind: 'announce break', pick: 0 });
    await apply(db, userId, connectionId, { kind: 'rewrite event as it is', pick: 0, title: '' });
    await apply(db, userId, connectionId, { kind: 'turn notifications off' });
    expect(await planVersion(db, userId)).toBe(version);
  });

  it("moves when the user's choice of blocking meetings or a meeting's status changes (0017): both reach the calendar answer", async () => {
    const { db } = database();
    const { userId, connectionId } = await newUser();
    await apply(db, userId, connectionId, { kind: 'insert event', slot: 32, title: 'maybe' });
    const version = Number(await planVersion(db, userId));
    await db
      .updateTable('preferences')
      .set({ blocking_statuses: ['outOfOffice'] })
      .where('user_id', '=', userId)
      .execute();
    expect(Number(await planVersion(db, userId))).toBe(version + 1);
    await db.updateTable('calendar_events').set({ show_as: 'tentative' }).where('user_id', '=', userId).execute();
    expect(Number(await planVersion(db, userId))).toBe(version + 2);
  });

  it('moves when a meeting becomes a call or stops being one, or the work hours change (0024): planning reads them', async () => {
    const { db } = database();
    const { userId, connectionId } = await newUser();
    await apply(db, userId, connectionId, { kind: 'insert event', slot: 33, title: 'sync' });
    const version = Number(await planVersion(db, userId));
    await apply(db, userId, connectionId, { kind: 'make event a call', pick: 0, title: '' });
    expect(Number(await planVersion(db, userId))).toBe(version + 1);
    await apply(db, userId, connectionId, { kind: 'make event a call', pick: 0, title: '' });
    expect(Number(await planVersion(db, userId))).toBe(version + 2);
    await db.updateTable('preferences').set({ work_start_time: '07:30' }).where('user_id', '=', userId).execute();
    expect(Number(await planVersion(db, userId))).toBe(version + 3);
  });

  it('moves once for a statement that writes many rows, and only for the users it wrote', async () => {
    const { db } = database();
    const { userId, connectionId } = await newUser();
    const bystander = await newUser();
    const version = Number(await planVersion(db, userId));
    const bystanderVersion = await planVersion(db, bystander.userId);
    await db
      .insertInto('calendar_events')
      .values(
        Array.from({ length: 50 }, (_, i) => ({
          user_id: userId,
          connection_id: connectionId,
          calendar_id: 'primary',
          external_id: `bulk-${i}`,
          title: 'bulk',
          start_time: new Date(FIRST_SLOT + i * SLOT_MS),
          end_time: new Date(FIRST_SLOT + (i + 1) * SLOT_MS),
          is_all_day: false,
          blocks_time: true,
        })),
      )
      .execute();
    expect(Number(await planVersion(db, userId))).toBe(version + 1);
    expect(await planVersion(db, bystander.userId)).toBe(bystanderVersion);
  });

  it("is read with the session, beside the start of the user's today, which moves at their midnight", async () => {
    const { db } = database();
    const { userId } = await newUser();
    await db.updateTable('preferences').set({ timezone: 'Europe/Berlin' }).where('user_id', '=', userId).execute();
    await db
      .insertInto('sessions')
      .values({
        id: `plan-day-${kind}`,
        user_id: userId,
        expires_at: new Date('2027-01-01'),
        absolute_expires_at: new Date('2027-01-01'),
      })
      .execute();
    const at = async (instant: string) => (await findSessionWithPlanDay(db, `plan-day-${kind}`, new Date(instant)))!.planDay;
    // Berlin's midnight is 23:00 UTC in November.
    expect(await at('2026-11-25T22:59:59Z')).toEqual({
      version: await planVersion(db, userId),
      todayStart: '2026-11-24T23:00:00.000Z',
      nextDayStart: '2026-11-25T23:00:00.000Z',
    });
    expect((await at('2026-11-25T23:00:00Z')).todayStart).toBe('2026-11-25T23:00:00.000Z');
  });

  it('lets a user with breaks, events and preferences be deleted', async () => {
    const { db } = database();
    const { userId, connectionId } = await newUser();
    await apply(db, userId, connectionId, { kind: 'insert break', slot: 3, pick: 0 });
    await apply(db, userId, connectionId, { kind: 'insert event', slot: 4, title: 'x' });
    await db.deleteFrom('users').where('id', '=', userId).execute();
    expect(await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()).toBeUndefined();
  });
});

describe('the plan version migration', () => {
  const database = useScratchDatabase('pglite');

  it('goes down and up again', async () => {
    const { db } = database();
    const { migrations } = await import('./index.js');
    const planVersionMigration = migrations['2026-11-26T0016-plan-version']!;
    await planVersionMigration.down!(db);
    const { rows } = await sql<{ count: string }>`
      select count(*)::text as count from information_schema.columns where table_name = 'users' and column_name = 'plan_version'`.execute(
      db,
    );
    expect(rows[0]!.count).toBe('0');
    await planVersionMigration.up(db);
    const { user } = await insertTestUser(db, { username: 'after-up', preferences: {} });
    expect(String(user.plan_version)).toBe('0');
  });
});
