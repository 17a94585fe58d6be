import { connectTestFeed, insertTestUser, openTestDatabase } from '@breaker/db/testing';
import { listSchedulingRuns, type Db } from '@breaker/db';
import fc from 'fast-check';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobDeps } from './job-deps.js';
import { commitPlan, draftPlan, runPlaceBreaks } from './place-breaks.js';

// Monday 2026-11-23, 08:00 in New York; work hours 09:00–17:00 there, 4 breaks a day.
const NOW = new Date('2026-11-23T13:00:00Z');
const MINUTE = 60_000;
/** A half hour of the week's work days in New York (5 hours behind UTC all week): 0 is Monday 09:00. */
const halfHour = (n: number): Date =>
  new Date(Date.parse('2026-11-23T14:00:00Z') + Math.floor(n / 16) * 24 * 60 * MINUTE + (n % 16) * 30 * MINUTE);

/** A write that lands between a plan's draft and its store. */
type Change =
  | { kind: 'add meeting' | 'move meeting'; at: number; pick: number }
  | { kind: 'remove meeting' | 'make meeting a call' | 'retitle meeting'; pick: number }
  | { kind: 'complete break' | 'skip break' | 'pin break' | 'announce break'; pick: number }
  | { kind: 'change work hours' | 'change break frequency' | 'turn notifications off' | 'nothing' };

/** The writes neither planning nor the plan version reads: the draft is stored as it was made. */
const LEFT_AS_DRAFTED = new Set<Change['kind']>(['announce break', 'turn notifications off', 'nothing']);

const at = fc.nat(79);
const pick = fc.nat(30);
const change: fc.Arbitrary<Change> = fc.oneof(
  fc.record({ kind: fc.constantFrom('add meeting' as const, 'move meeting' as const), at, pick }),
  fc.record({
    kind: fc.constantFrom('remove meeting' as const, 'make meeting a call' as const, 'retitle meeting' as const),
    pick,
  }),
  fc.record({
    kind: fc.constantFrom('complete break' as const, 'skip break' as const, 'pin break' as const, 'announce break' as const),
    pick,
  }),
  fc.record({
    kind: fc.constantFrom(
      'change work hours' as const,
      'change break frequency' as const,
      'turn notifications off' as const,
      'nothing' as const,
    ),
  }),
);

/** The id of the nth of the user's rows of `table` (by id), or a uuid that matches none. */
async function nth(db: Db, table: 'break_sessions' | 'calendar_events', userId: string, n: number): Promise<string> {
  const rows = await db.selectFrom(table).select('id').where('user_id', '=', userId).orderBy('id').execute();
  return rows.length === 0 ? '00000000-0000-0000-0000-000000000000' : rows[n % rows.length]!.id;
}

/** What each change to a break writes. */
const BREAK_CHANGES = {
  'complete break': { completed_at: NOW },
  'skip break': { skipped: true },
  'pin break': { pinned: true },
  'announce break': { reminded_for: NOW },
};

/** A busy meeting in the user's feed. */
async function insertMeeting(
  db: Db,
  userId: string,
  connectionId: string,
  meeting: { externalId: string; start: Date; end: Date },
): Promise<void> {
  await db
    .insertInto('calendar_events')
    .values({
      user_id: userId,
      connection_id: connectionId,
      calendar_id: 'feed',
      external_id: meeting.externalId,
      title: 'Meeting',
      start_time: meeting.start,
      end_time: meeting.end,
      is_all_day: false,
      blocks_time: true,
    })
    .execute();
}

async function apply(db: Db, userId: string, connectionId: string, step: Change): Promise<void> {
  const meeting = (id: string) => db.updateTable('calendar_events').where('id', '=', id);
  const session = (id: string) => db.updateTable('break_sessions').where('id', '=', id);
  switch (step.kind) {
    case 'add meeting':
      await insertMeeting(db, userId, connectionId, {
        externalId: `added-${step.at}-${step.pick}`,
        start: halfHour(step.at),
        end: new Date(halfHour(step.at).getTime() + 60 * MINUTE),
      });
      return;
    case 'move meeting':
      await meeting(await nth(db, 'calendar_events', userId, step.pick))
        .set({ start_time: halfHour(step.at), end_time: new Date(halfHour(step.at).getTime() + 30 * MINUTE) })
        .execute();
      return;
    case 'remove meeting':
      await db
        .deleteFrom('calendar_events')
        .where('id', '=', await nth(db, 'calendar_events', userId, step.pick))
        .execute();
      return;
    case 'make meeting a call':
      await meeting(await nth(db, 'calendar_events', userId, step.pick))
        .set((eb) => ({ call: eb.not('call') }))
        .execute();
      return;
    case 'retitle meeting':
      await meeting(await nth(db, 'calendar_events', userId, step.pick))
        .set({ title: 'Renamed' })
        .execute();
      return;
    case 'complete break':
    case 'skip break':
    case 'pin break':
    case 'announce break':
      await session(await nth(db, 'break_sessions', userId, step.pick))
        .set(BREAK_CHANGES[step.kind])
        .execute();
      return;
    case 'change work hours':
      await db.updateTable('preferences').set({ work_start_time: '10:30' }).where('user_id', '=', userId).execute();
      return;
    case 'change break frequency':
      await db.updateTable('preferences').set({ break_frequency: 6 }).where('user_id', '=', userId).execute();
      return;
    case 'turn notifications off':
      await db.updateTable('preferences').set({ notifications_enabled: false }).where('user_id', '=', userId).execute();
      return;
    case 'nothing':
      return;
  }
}

describe('a plan drafted without the lock', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let deps: JobDeps;
  let users = 0;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    deps = { db: database.db, log: pino({ level: 'silent' }), now: () => NOW };
  });
  afterAll(async () => {
    await database?.dispose();
  });

  /** A planned user with a meeting on each of the week's work days, and the feed those come from. */
  async function plannedUser(): Promise<{ userId: string; connectionId: string }> {
    users += 1;
    const { user } = await insertTestUser(database.db, {
      username: `drafted-${users}`,
      preferences: { timezone: 'America/New_York', work_start_time: '09:00', work_end_time: '17:00', break_frequency: 4 },
    });
    const connection = await connectTestFeed(database.db, user.id);
    // Ids of their own, so that a meeting a step adds at the same time is another meeting, not a clash.
    for (const day of [0, 1, 2, 3, 4]) {
      const start = halfHour(day * 16 + 4);
      const end = new Date(start.getTime() + 60 * MINUTE);
      await insertMeeting(database.db, user.id, connection.id, { externalId: `weekday-${day}`, start, end });
    }
    await runPlaceBreaks(deps, { userId: user.id, trigger: 'refresh' });
    return { userId: user.id, connectionId: connection.id };
  }

  it('stores what planning the state at the store gives, whatever was written after the draft', async () => {
    await fc.assert(
      fc.asyncProperty(change, async (step) => {
        const { userId, connectionId } = await plannedUser();
        const draft = await draftPlan(deps, userId, NOW);
        await apply(database.db, userId, connectionId, step);
        const expected = await draftPlan(deps, userId, NOW);

        const stored = await commitPlan(deps, draft, 'refresh');

        expect(stored.breaks.map((b) => [b.scheduledTime, b.activityId])).toEqual(
          expected.result.breaks.map((b) => [new Date(b.start).toISOString(), b.activityId]),
        );
        // A write planning does not read leaves the draft to be stored as it was made, not made again.
        const [run] = await listSchedulingRuns(database.db, userId, 1);
        if (LEFT_AS_DRAFTED.has(step.kind)) expect(run!.duration_ms, step.kind).toBe(draft.durationMs);
      }),
      { numRuns: 30 },
    );
  });

  it('is made again when a meeting lands on one of its breaks before it is stored', async () => {
    const { userId, connectionId } = await plannedUser();
    const draft = await draftPlan(deps, userId, NOW);
    const drafted = draft.result.breaks[0]!;
    const meeting = { start: drafted.start - 15 * MINUTE, end: drafted.start + 30 * MINUTE };
    await insertMeeting(database.db, userId, connectionId, {
      externalId: 'booked after the draft',
      start: new Date(meeting.start),
      end: new Date(meeting.end),
    });

    const stored = await commitPlan(deps, draft, 'refresh');

    expect(stored.breaks.length).toBeGreaterThan(0);
    for (const b of stored.breaks) {
      const start = Date.parse(b.scheduledTime);
      expect(start + b.duration * MINUTE <= meeting.start || start >= meeting.end, b.scheduledTime).toBe(true);
    }
  });

  it('fails as a refresh of a missing user does when the user is deleted after the draft', async () => {
    const { userId } = await plannedUser();
    const draft = await draftPlan(deps, userId, NOW);
    await database.db.deleteFrom('users').where('id', '=', userId).execute();
    await expect(commitPlan(deps, draft, 'refresh')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
