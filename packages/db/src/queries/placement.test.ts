import { describe, expect, it } from 'vitest';
import { catalogueActivities } from '../catalogue/activities.js';
import { insertTestUser, testPlanningRun, type TestBackend } from '../testing.js';
import { useScratchDatabase } from '../scratch-database.test-support.js';
import { listBreaksBetween, updateBreakOutcome } from './breaks.js';
import { insertBreak } from './break-changes.js';
import { lockUserForPlanning, readUserForPlanning, storeDraftedPlan, storePlan, underUserLock } from './placement.js';
import { findSchedulingRun, listSchedulingRuns } from './runs.js';

const day = (hour: number): Date => new Date(Date.UTC(2026, 10, 23, hour));
const slug = (i: number): string => catalogueActivities[i]!.slug;
const planned = (i: number, hour: number) => ({
  activityId: slug(i),
  scheduledTime: day(hour),
  duration: 2,
  placementReason: 'drafted',
});

describe.each<TestBackend>(['pglite', 'postgres'])("the planner's round trips on %s", (kind) => {
  const database = useScratchDatabase(kind);

  it('locks the user and reads their preferences, or says the user is gone', async () => {
    const { user } = await insertTestUser(database().db, {
      username: `planner-${kind}`,
      preferences: { timezone: 'Asia/Tokyo', work_days: [1, 2, 3] },
    });
    const locked = await database()
      .db.transaction()
      .execute((trx) => lockUserForPlanning(trx, user.id));
    expect(locked?.preferences).toMatchObject({ user_id: user.id, timezone: 'Asia/Tokyo', work_days: [1, 2, 3] });
    expect(await lockUserForPlanning(database().db, '00000000-0000-4000-8000-000000000000')).toBeUndefined();
  });

  it('reads the same without the lock, with the plan version that moves when the plan does', async () => {
    const { user } = await insertTestUser(database().db, { username: `drafter-${kind}`, preferences: { work_days: [2, 4] } });
    const read = await readUserForPlanning(database().db, user.id);
    const locked = await database()
      .db.transaction()
      .execute((trx) => lockUserForPlanning(trx, user.id));
    expect(read).toEqual(locked);
    expect(read?.planVersion).toMatch(/^\d+$/);

    await storePlan(database().db, testPlanningRun(user.id), day(0), day(24), [
      { activityId: slug(0), scheduledTime: day(9), duration: 2, placementReason: 'planned' },
    ]);
    const after = await readUserForPlanning(database().db, user.id);
    expect(after?.planVersion).not.toBe(read?.planVersion);
    expect(after?.preferences).toEqual(read?.preferences);
    expect(await readUserForPlanning(database().db, '00000000-0000-4000-8000-000000000000')).toBeUndefined();
  });

  it('stores the run and the plan in one statement, keeping completed and skipped breaks', async () => {
    const { user } = await insertTestUser(database().db, { username: `plan-store-${kind}` });
    const run = {
      userId: user.id,
      trigger: 'refresh',
      engineVersion: 'v',
      seed: 7,
      input: { a: 1 },
      output: { b: [2] },
      durationMs: 1.5,
    };
    const first = await storePlan(database().db, run, day(0), day(24), [
      { activityId: slug(0), scheduledTime: day(9), duration: 2, placementReason: 'first' },
      { activityId: slug(1), scheduledTime: day(11), duration: 3, placementReason: 'second' },
      { activityId: slug(2), scheduledTime: day(13), duration: 4, placementReason: 'third' },
    ]);
    expect(first.created.map((b) => [b.activity_id, b.scheduled_time.toISOString(), b.duration, b.placement_reason])).toEqual([
      [slug(0), day(9).toISOString(), 2, 'first'],
      [slug(1), day(11).toISOString(), 3, 'second'],
      [slug(2), day(13).toISOString(), 4, 'third'],
    ]);
    expect(first.created.every((b) => b.scheduling_run_id === first.runId && b.user_id === user.id)).toBe(true);
    expect(await findSchedulingRun(database().db, first.runId)).toMatchObject({ seed: 7, input: { a: 1 }, output: { b: [2] } });

    await updateBreakOutcome(database().db, user.id, first.created[0]!.id, { completedAt: day(9) });
    await updateBreakOutcome(database().db, user.id, first.created[1]!.id, { skipped: true });
    const second = await storePlan(database().db, run, day(0), day(24), [
      { activityId: slug(3), scheduledTime: day(15), duration: 1, placementReason: 'fourth' },
    ]);
    const stored = await listBreaksBetween(database().db, user.id, day(0), day(24));
    expect(stored.map((b) => b.placement_reason)).toEqual(['first', 'second', 'fourth']);
    expect(second.created.map((b) => b.id)).toEqual([stored[2]!.id]);

    const empty = await storePlan(database().db, run, day(0), day(24), []);
    expect(empty.created).toEqual([]);
    expect(await findSchedulingRun(database().db, empty.runId)).toBeDefined();
    expect((await listBreaksBetween(database().db, user.id, day(0), day(24))).map((b) => b.placement_reason)).toEqual([
      'first',
      'second',
    ]);
  });

  it('stores a drafted plan while its plan version holds, and nothing once it has moved', async () => {
    const { db } = database();
    const { user } = await insertTestUser(db, { username: `drafted-${kind}` });
    const drafted = (await readUserForPlanning(db, user.id))!.planVersion;

    const stored = await storeDraftedPlan(db, drafted, testPlanningRun(user.id), day(0), day(24), [planned(0, 9)], []);
    expect(stored?.created.map((b) => b.scheduled_time)).toEqual([day(9)]);
    // Storing it moved the version: the same draft, stored again, stores nothing and keeps what is there.
    expect(await storeDraftedPlan(db, drafted, testPlanningRun(user.id), day(0), day(24), [planned(1, 11)], [])).toBeUndefined();
    expect((await listBreaksBetween(db, user.id, day(0), day(24))).map((b) => b.placement_reason)).toEqual(['drafted']);
    expect(await listSchedulingRuns(db, user.id, 10)).toHaveLength(1);
    const gone = '00000000-0000-4000-8000-000000000000';
    expect(await storeDraftedPlan(db, drafted, testPlanningRun(gone), day(0), day(24), [], [])).toBeUndefined();
  });
});

// PGlite has one connection: a second statement never runs while a transaction holds the lock.
describe('a drafted plan stored beside a change by hand, on PostgreSQL', () => {
  const database = useScratchDatabase('postgres');

  it('waits for a change holding the lock, and stores nothing when that change moved the version', async () => {
    const { db } = database();
    const { user } = await insertTestUser(db, { username: `drafted-late` });
    const drafted = (await readUserForPlanning(db, user.id))!.planVersion;
    let taken!: () => void;
    let release!: () => void;
    const lockTaken = new Promise<void>((resolve) => (taken = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    const byHand = underUserLock(db, user.id, async (trx) => {
      taken();
      await released;
      return insertBreak(trx, user.id, { ...planned(2, 14), placementReason: 'by hand' });
    });
    await lockTaken;

    const storing = storeDraftedPlan(db, drafted, testPlanningRun(user.id), day(0), day(24), [planned(0, 9)], []);
    const first = await Promise.race([storing.then(() => 'stored'), new Promise((wake) => setTimeout(wake, 200, 'waiting'))]);
    expect(first).toBe('waiting');
    release();
    await byHand;

    expect(await storing).toBeUndefined();
    expect((await listBreaksBetween(db, user.id, day(0), day(24))).map((b) => b.placement_reason)).toEqual(['by hand']);
    expect(await listSchedulingRuns(db, user.id, 10)).toEqual([]);
  });
});
