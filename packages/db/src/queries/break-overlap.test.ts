import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { isBreakOverlap } from '../break-overlap.js';
import { catalogueActivities } from '../catalogue/activities.js';
import * as breaksNeverOverlap from '../migrations/2026-11-25T0005-breaks-never-overlap.js';
import { useScratchDatabase } from '../scratch-database.test-support.js';
import { insertTestUser, testPlanningRun, type TestBackend } from '../testing.js';
import { insertBreak, moveScheduledBreak, swapBreakActivity } from './break-changes.js';
import { listBreaksBetween, updateBreakOutcome } from './breaks.js';
import { storePlan } from './placement.js';

const day = (hour: number, minute = 0): Date => new Date(Date.UTC(2026, 10, 23, hour, minute));
const slug = (i: number): string => catalogueActivities[i]!.slug;

/** Resolves to the error a write was refused with; fails the test when the write went through. */
async function refusal(write: Promise<unknown>): Promise<unknown> {
  return write.then(
    () => expect.fail('the write was expected to be refused'),
    (error: unknown) => error,
  );
}

describe.each<TestBackend>(['postgres', 'pglite'])('two breaks of one user never overlap, on %s', (kind) => {
  const database = useScratchDatabase(kind);

  async function newUser(name: string): Promise<string> {
    const { user } = await insertTestUser(database().db, { username: `${name}-${kind}` });
    return user.id;
  }

  const byHand = (i: number, scheduledTime: Date, duration = 3) => ({
    activityId: slug(i),
    scheduledTime,
    duration,
    placementReason: 'by hand',
  });

  it('refuses a break added, moved or lengthened onto another one, and allows one that starts as another ends', async () => {
    const userId = await newUser('hand');
    const first = await insertBreak(database().db, userId, byHand(0, day(10), 3));
    const second = await insertBreak(database().db, userId, byHand(1, day(10, 3), 3));
    const third = await insertBreak(database().db, userId, byHand(2, day(11), 2));

    expect(isBreakOverlap(await refusal(insertBreak(database().db, userId, byHand(3, day(10, 5), 2))))).toBe(true);
    expect(isBreakOverlap(await refusal(moveScheduledBreak(database().db, userId, third.id, day(10, 1), 'moved')))).toBe(true);
    // A longer activity would run into the break after it.
    expect(isBreakOverlap(await refusal(swapBreakActivity(database().db, userId, first.id, { id: slug(4), duration: 4 })))).toBe(
      true,
    );

    const stored = await listBreaksBetween(database().db, userId, day(0), day(24));
    expect(stored.map((b) => [b.id, b.scheduled_time, b.duration])).toEqual([
      [first.id, day(10), 3],
      [second.id, day(10, 3), 3],
      [third.id, day(11), 2],
    ]);
  });

  it('holds for completed and skipped breaks too, and not across users', async () => {
    const userId = await newUser('kept');
    const done = await insertBreak(database().db, userId, byHand(0, day(9)));
    const skipped = await insertBreak(database().db, userId, byHand(1, day(12)));
    await updateBreakOutcome(database().db, userId, done.id, { completedAt: day(9, 3) });
    await updateBreakOutcome(database().db, userId, skipped.id, { skipped: true });

    const overDone = storePlan(database().db, testPlanningRun(userId), day(0), day(24), [
      { activityId: slug(2), scheduledTime: day(9, 1), duration: 2, placementReason: 'planned' },
    ]);
    expect(isBreakOverlap(await refusal(overDone))).toBe(true);
    expect(isBreakOverlap(await refusal(insertBreak(database().db, userId, byHand(2, day(12, 2)))))).toBe(true);

    const someoneElse = await newUser('other');
    await expect(insertBreak(database().db, someoneElse, byHand(2, day(9, 1)))).resolves.toMatchObject({ user_id: someoneElse });
  });

  it('lets a re-plan replace breaks with ones that overlap the old ones, in one statement', async () => {
    const userId = await newUser('replan');
    const plan = (minute: number) =>
      [9, 11, 13].map((hour, i) => ({
        activityId: slug(i),
        scheduledTime: day(hour, minute),
        duration: 4,
        placementReason: 'p',
      }));
    await storePlan(database().db, testPlanningRun(userId), day(0), day(24), plan(0));
    const { created } = await storePlan(database().db, testPlanningRun(userId), day(0), day(24), plan(2));
    expect(created.map((b) => b.scheduled_time)).toEqual([day(9, 2), day(11, 2), day(13, 2)]);
    expect(await listBreaksBetween(database().db, userId, day(0), day(24))).toHaveLength(3);
  });

  it('a plan whose own breaks overlap is refused as a whole', async () => {
    const userId = await newUser('own');
    const overlapping = storePlan(database().db, testPlanningRun(userId), day(0), day(24), [
      { activityId: slug(0), scheduledTime: day(9), duration: 4, placementReason: 'p' },
      { activityId: slug(1), scheduledTime: day(9, 3), duration: 4, placementReason: 'p' },
    ]);
    expect(isBreakOverlap(await refusal(overlapping))).toBe(true);
    expect(await listBreaksBetween(database().db, userId, day(0), day(24))).toEqual([]);
  });

  it('the migration removes planned breaks that overlap others stored before it, and keeps every kept one', async () => {
    const userId = await newUser('legacy');
    const db = database().db;
    await breaksNeverOverlap.down(db);
    try {
      await insertBreak(db, userId, byHand(0, day(9)));
      await storePlan(db, testPlanningRun(userId), day(10), day(24), [
        { activityId: slug(1), scheduledTime: day(10), duration: 4, placementReason: 'earlier' },
        { activityId: slug(2), scheduledTime: day(11), duration: 4, placementReason: 'alone' },
      ]);
      // Rows as an older version could have left them: a planned break over a pinned one, and two planned ones overlapping.
      const stale = await sql<{ id: string }>`
        insert into break_sessions (user_id, activity_id, scheduled_time, duration, placement_reason, created_at)
        values (${userId}, ${slug(3)}, ${day(9, 1)}, 2, 'over the pinned one', now()),
               (${userId}, ${slug(4)}, ${day(10, 2)}, 2, 'over the earlier one', now() + interval '1 second')
        returning id`.execute(db);
      expect(stale.rows).toHaveLength(2);
    } finally {
      await breaksNeverOverlap.up(db);
    }
    const stored = await listBreaksBetween(db, userId, day(0), day(24));
    expect(stored.map((b) => b.placement_reason)).toEqual(['by hand', 'earlier', 'alone']);
    expect(isBreakOverlap(await refusal(insertBreak(db, userId, byHand(5, day(11, 1)))))).toBe(true);
  });
});
