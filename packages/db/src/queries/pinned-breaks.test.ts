import { describe, expect, it } from 'vitest';
import { catalogueActivities } from '../catalogue/activities.js';
import { insertTestUser, testPlanningRun, type TestBackend } from '../testing.js';
import { useScratchDatabase } from '../scratch-database.test-support.js';
import { insertBreak, moveScheduledBreak, swapBreakActivity } from './break-changes.js';
import { deleteBreak, listBreaksBetween, replaceScheduledBreaks, updateBreakOutcome } from './breaks.js';
import { storePlan } from './placement.js';

const day = (hour: number, minute = 0): Date => new Date(Date.UTC(2026, 10, 23, hour, minute));
const slug = (i: number): string => catalogueActivities[i]!.slug;

describe.each<TestBackend>(['postgres', 'pglite'])('breaks placed or changed by hand, on %s', (kind) => {
  const database = useScratchDatabase(kind);

  async function newUser(name: string): Promise<string> {
    const { user } = await insertTestUser(database().db, { username: `${name}-${kind}` });
    return user.id;
  }

  async function pinsByReason(userId: string): Promise<[string | null, boolean][]> {
    const stored = await listBreaksBetween(database().db, userId, day(0), day(24));
    return stored.map((b) => [b.placement_reason, b.pinned]);
  }

  it('pins a break the user adds, moves or changes; planned breaks are not pinned', async () => {
    const userId = await newUser('pins');
    const { created } = await storePlan(database().db, testPlanningRun(userId), day(0), day(24), [
      { activityId: slug(0), scheduledTime: day(9), duration: 2, placementReason: 'planned' },
      { activityId: slug(1), scheduledTime: day(11), duration: 2, placementReason: 'to move' },
      { activityId: slug(2), scheduledTime: day(13), duration: 2, placementReason: 'to change' },
    ]);
    expect(created.map((b) => b.pinned)).toEqual([false, false, false]);

    const added = await insertBreak(database().db, userId, {
      activityId: slug(3),
      scheduledTime: day(15),
      duration: 3,
      placementReason: 'Added here by you.',
    });
    expect(added.pinned).toBe(true);
    expect(await moveScheduledBreak(database().db, userId, created[1]!.id, day(11, 20), 'Moved here by you.')).toBe(true);
    expect(await swapBreakActivity(database().db, userId, created[2]!.id, { id: slug(4), duration: 1 })).toBe(true);

    expect(await pinsByReason(userId)).toEqual([
      ['planned', false],
      ['Moved here by you.', true],
      ['to change', true],
      ['Added here by you.', true],
    ]);
  });

  it('re-planning keeps pinned breaks still to take, replaces the rest, and replaces pins it is told to', async () => {
    const userId = await newUser('replan');
    const { created } = await storePlan(database().db, testPlanningRun(userId), day(0), day(24), [
      { activityId: slug(0), scheduledTime: day(9), duration: 2, placementReason: 'planned' },
      { activityId: slug(1), scheduledTime: day(11), duration: 2, placementReason: 'moved' },
      { activityId: slug(2), scheduledTime: day(13), duration: 2, placementReason: 'overlapped' },
    ]);
    await moveScheduledBreak(database().db, userId, created[1]!.id, day(11, 30), 'moved');
    await swapBreakActivity(database().db, userId, created[2]!.id, { id: slug(5), duration: 2 });
    const added = await insertBreak(database().db, userId, {
      activityId: slug(3),
      scheduledTime: day(15),
      duration: 2,
      placementReason: 'added',
    });

    const { created: replanned } = await storePlan(
      database().db,
      testPlanningRun(userId),
      day(0),
      day(24),
      [{ activityId: slug(6), scheduledTime: day(10), duration: 2, placementReason: 'new' }],
      [created[2]!.id],
    );
    expect(replanned.map((b) => [b.placement_reason, b.pinned])).toEqual([['new', false]]);
    expect(await pinsByReason(userId)).toEqual([
      ['new', false],
      ['moved', true],
      ['added', true],
    ]);
    const kept = await listBreaksBetween(database().db, userId, day(0), day(24));
    expect(kept.find((b) => b.id === added.id)?.scheduled_time).toEqual(day(15));
    expect(kept.find((b) => b.id === created[1]!.id)?.scheduled_time).toEqual(day(11, 30));

    // The older re-planning path keeps them too.
    await replaceScheduledBreaks(database().db, userId, day(0), day(24), [], replanned[0]!.scheduling_run_id!);
    expect(await pinsByReason(userId)).toEqual([
      ['moved', true],
      ['added', true],
    ]);
  });

  it('a pinned break the user completes, skips or removes follows that, and a removal stays a removal', async () => {
    const userId = await newUser('outcomes');
    const pinned = await Promise.all(
      [9, 11, 13].map((hour, i) =>
        insertBreak(database().db, userId, {
          activityId: slug(i),
          scheduledTime: day(hour),
          duration: 2,
          placementReason: `by hand ${hour}`,
        }),
      ),
    );
    await updateBreakOutcome(database().db, userId, pinned[0]!.id, { completedAt: day(9, 2) });
    await updateBreakOutcome(database().db, userId, pinned[1]!.id, { skipped: true });
    expect(await deleteBreak(database().db, userId, pinned[2]!.id)).toBe(true);
    // A finished break is no longer the user's to move or change.
    expect(await moveScheduledBreak(database().db, userId, pinned[0]!.id, day(10), 'Moved here by you.')).toBe(false);
    expect(await swapBreakActivity(database().db, userId, pinned[1]!.id, { id: slug(4), duration: 1 })).toBe(false);

    await storePlan(database().db, testPlanningRun(userId), day(0), day(24), [
      { activityId: slug(5), scheduledTime: day(15), duration: 2, placementReason: 'planned' },
    ]);
    const stored = await listBreaksBetween(database().db, userId, day(0), day(24));
    expect(stored.map((b) => [b.placement_reason, b.completed_at !== null, b.skipped])).toEqual([
      ['by hand 9', true, false],
      ['by hand 11', false, true],
      ['planned', false, false],
    ]);
    expect(stored.some((b) => b.id === pinned[2]!.id)).toBe(false);
  });
});
