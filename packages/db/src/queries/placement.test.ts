import { describe, expect, it } from 'vitest';
import { catalogueActivities } from '../catalogue/activities.js';
import { insertTestUser, type TestBackend } from '../testing.js';
import { useScratchDatabase } from '../scratch-database.test-support.js';
import { listBreaksBetween, updateBreakOutcome } from './breaks.js';
import { lockUserForPlanning, storePlan } from './placement.js';
import { findSchedulingRun } from './runs.js';

const day = (hour: number): Date => new Date(Date.UTC(2026, 10, 23, hour));
const slug = (i: number): string => catalogueActivities[i]!.slug;

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
});
