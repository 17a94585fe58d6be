import {
  deleteBreak,
  insertBreak,
  insertUserWithPreferences,
  listBreaksBetween,
  listSchedulingRuns,
  moveScheduledBreak,
  newPreferences,
  replaceConnectionEvents,
  swapBreakActivity,
  updatePreferences,
  type BreakSessionRow,
} from '@breaker/db';
import { connectTestFeed, openTestDatabase } from '@breaker/db/testing';
import { RULES } from '@breaker/scheduler';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadHandPlanning, slotsForBreak, slotToAdd, swapChoices } from './hand-placement.js';
import type { JobDeps } from './job-deps.js';
import { runPlaceBreaks } from './place-breaks.js';
import { replaySchedulingRun } from './replay.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
// Monday 2026-11-23, 08:00 in New York; work hours 09:00–17:00 there (14:00–22:00 UTC), 4 breaks a day.
const NOW = new Date('2026-11-23T13:00:00Z');
const MONDAY = { from: new Date('2026-11-23T05:00:00Z'), to: new Date('2026-11-24T05:00:00Z') };
const WEEK = { from: new Date('2026-11-23T05:00:00Z'), to: new Date('2026-11-29T05:00:00Z') };
const preferenceRow = newPreferences({
  break_frequency: 4,
  work_start_time: '09:00',
  work_end_time: '17:00',
  timezone: 'America/New_York',
});

// One local day of that week in New York: 0 is Monday, 4 is Friday.
const DAY = 24 * HOUR;
const dayOf = (offset: number) => ({
  from: new Date(MONDAY.from.getTime() + offset * DAY),
  to: new Date(MONDAY.to.getTime() + offset * DAY),
});
/** A time on Monday in New York (5 hours behind UTC all week). */
const mondayAt = (hhmm: string): Date => new Date(`2026-11-23T${hhmm}:00-05:00`);

const end = (b: BreakSessionRow): number => b.scheduled_time.getTime() + b.duration * MINUTE;

/** Every pair of breaks of the list keeps the spacing rule (which also means no two overlap). */
function expectSpaced(breaks: readonly BreakSessionRow[]): void {
  const ordered = [...breaks].sort((x, y) => x.scheduled_time.getTime() - y.scheduled_time.getTime());
  for (let i = 1; i < ordered.length; i += 1) {
    const gap = ordered[i]!.scheduled_time.getTime() - end(ordered[i - 1]!);
    expect(
      gap,
      `${ordered[i - 1]!.scheduled_time.toISOString()} → ${ordered[i]!.scheduled_time.toISOString()}`,
    ).toBeGreaterThanOrEqual(RULES.minimumSpacingMinutes * MINUTE);
  }
}

describe('refresh with breaks placed or changed by hand', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let deps: JobDeps;
  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    deps = { db: database.db, log: pino({ level: 'silent' }), now: () => NOW };
  }, 60_000);
  afterAll(async () => {
    await database?.dispose();
  });

  async function plannedUser(name: string): Promise<{ userId: string; monday: BreakSessionRow[] }> {
    const user = await insertUserWithPreferences(database.db, { username: name, email: null }, preferenceRow);
    await runPlaceBreaks(deps, { userId: user.id, trigger: 'refresh' });
    const monday = await listBreaksBetween(database.db, user.id, MONDAY.from, MONDAY.to);
    expect(monday).toHaveLength(4);
    return { userId: user.id, monday };
  }

  async function handPlanning(userId: string) {
    const planning = await loadHandPlanning(database.db, userId, NOW);
    if (!planning) throw new Error('the user has no preferences');
    return planning;
  }

  it('keeps the breaks moved, changed and added by hand where the user put them, and plans the rest around them', async () => {
    const { userId, monday } = await plannedUser('hand-placed');
    const [, toMove, toChange, toRemove] = monday;

    const movedTo = slotsForBreak(await handPlanning(userId), toMove!, 6).find((slot) => slot > toMove!.scheduled_time)!;
    expect(await moveScheduledBreak(database.db, userId, toMove!.id, movedTo, 'Moved here by you.')).toBe(true);
    const changedTo = swapChoices(await handPlanning(userId), toChange!).find((a) => a.id !== toChange!.activity_id)!;
    expect(await swapBreakActivity(database.db, userId, toChange!.id, changedTo)).toBe(true);
    expect(await deleteBreak(database.db, userId, toRemove!.id)).toBe(true);
    // The plus of the first empty hour of the afternoon that has room, as the calendar offers it.
    let added: BreakSessionRow | undefined;
    for (let hour = 0; hour < 8 && !added; hour += 1) {
      const from = new Date(MONDAY.from.getTime() + (9 + hour) * HOUR);
      const slot = slotToAdd(await handPlanning(userId), from, new Date(from.getTime() + HOUR));
      if ('problem' in slot) continue;
      added = await insertBreak(database.db, userId, {
        activityId: slot.activity.id,
        scheduledTime: slot.start,
        duration: slot.activity.duration,
        placementReason: 'Added here by you.',
      });
    }
    expect(added, 'an hour with room for a break by hand').toBeDefined();
    const byHand = await listBreaksBetween(database.db, userId, MONDAY.from, MONDAY.to).then((all) =>
      all.filter((b) => b.pinned),
    );
    expect(byHand.map((b) => b.id).sort()).toEqual([toMove!.id, toChange!.id, added!.id].sort());

    const refreshed = await runPlaceBreaks(deps, { userId, trigger: 'refresh' });

    const after = await listBreaksBetween(database.db, userId, MONDAY.from, MONDAY.to);
    for (const chosen of byHand) {
      const kept = after.find((b) => b.id === chosen.id);
      expect(kept, chosen.placement_reason ?? chosen.id).toMatchObject({
        scheduled_time: chosen.scheduled_time,
        activity_id: chosen.activity_id,
        duration: chosen.duration,
        pinned: true,
      });
    }
    expect(after.find((b) => b.id === toMove!.id)?.scheduled_time).toEqual(movedTo);
    expect(after.find((b) => b.id === toChange!.id)?.activity_id).toBe(changedTo.id);
    // The day still has the 4 it asked for: the 3 by hand and 1 planned around them, none near another.
    expect(after).toHaveLength(4);
    expect(refreshed.breaks.filter((b) => Date.parse(b.scheduledTime) < MONDAY.to.getTime())).toHaveLength(1);
    expectSpaced(after);
    expectSpaced(await listBreaksBetween(database.db, userId, WEEK.from, WEEK.to));

    const [run] = await listSchedulingRuns(database.db, userId, 1);
    const report = await replaySchedulingRun(database.db, run!.id);
    expect(report.violations).toEqual([]);
    expect(report.identical).toBe(true);
    expect(report.timeline).toContain('kept (pinned)');

    // Refreshing again changes nothing: the pins hold and the planned break comes back at the same time.
    await runPlaceBreaks(deps, { userId, trigger: 'refresh' });
    const again = await listBreaksBetween(database.db, userId, MONDAY.from, MONDAY.to);
    expect(again.map((b) => b.scheduled_time.getTime())).toEqual(after.map((b) => b.scheduled_time.getTime()));
  });

  it('plans a pinned break again when a meeting now overlaps it, around the meeting', async () => {
    const { userId, monday } = await plannedUser('overlapped');
    const [, toMove] = monday;
    const movedTo = slotsForBreak(await handPlanning(userId), toMove!, 6).find((slot) => slot > toMove!.scheduled_time)!;
    await moveScheduledBreak(database.db, userId, toMove!.id, movedTo, 'Moved here by you.');

    // A calendar sync brings a meeting over the break the user chose.
    const connection = await connectTestFeed(database.db, userId);
    const meeting = { start: new Date(movedTo.getTime() - 15 * MINUTE), end: new Date(movedTo.getTime() + 45 * MINUTE) };
    await replaceConnectionEvents(database.db, connection, [
      {
        calendarId: 'feed',
        externalId: 'review',
        title: 'Review',
        ...meeting,
        isAllDay: false,
        blocksTime: true,
        showAs: 'busy',
      },
    ]);

    await runPlaceBreaks(deps, { userId, trigger: 'sync' });

    const after = await listBreaksBetween(database.db, userId, MONDAY.from, MONDAY.to);
    expect(after.some((b) => b.id === toMove!.id)).toBe(false);
    expect(after).toHaveLength(4);
    expect(after.every((b) => !b.pinned)).toBe(true);
    for (const b of after) {
      expect(b.scheduled_time.getTime() >= meeting.end.getTime() || end(b) <= meeting.start.getTime()).toBe(true);
    }
    expectSpaced(after);
  });
  /** The run just stored replays to the same plan, with no rule broken. */
  async function expectReplayIdentical(userId: string): Promise<string> {
    const [run] = await listSchedulingRuns(database.db, userId, 1);
    const report = await replaySchedulingRun(database.db, run!.id);
    expect(report.violations).toEqual([]);
    expect(report.identical).toBe(true);
    return report.timeline;
  }

  it('plans a pinned break again when the work hours or work days change and it falls outside them', async () => {
    const { userId, monday } = await plannedUser('new-hours');
    const [early, inside, late] = monday;
    expect(await moveScheduledBreak(database.db, userId, early!.id, mondayAt('09:05'), 'Moved here by you.')).toBe(true);
    expect(await moveScheduledBreak(database.db, userId, inside!.id, mondayAt('12:00'), 'Moved here by you.')).toBe(true);
    expect(await moveScheduledBreak(database.db, userId, late!.id, mondayAt('16:40'), 'Moved here by you.')).toBe(true);
    const friday = await insertBreak(database.db, userId, {
      activityId: inside!.activity_id,
      scheduledTime: new Date('2026-11-27T11:00:00-05:00'),
      duration: inside!.duration,
      placementReason: 'Added here by you.',
    });

    // From 09:00–17:00 Monday to Friday to 10:00–16:00 Monday to Thursday.
    await updatePreferences(database.db, userId, { work_start_time: '10:00', work_end_time: '16:00', work_days: [1, 2, 3, 4] });
    await runPlaceBreaks(deps, { userId, trigger: 'refresh' });

    const after = await listBreaksBetween(database.db, userId, MONDAY.from, MONDAY.to);
    expect(after.map((b) => b.id)).not.toContain(early!.id);
    expect(after.map((b) => b.id)).not.toContain(late!.id);
    expect(after.filter((b) => b.pinned)).toMatchObject([
      { id: inside!.id, scheduled_time: mondayAt('12:00'), activity_id: inside!.activity_id, pinned: true },
    ]);
    expect(after).toHaveLength(4);
    expectSpaced(after);
    for (const offset of [0, 1, 2, 3]) {
      const day = dayOf(offset);
      const breaks = await listBreaksBetween(database.db, userId, day.from, day.to);
      expect(breaks).toHaveLength(4);
      for (const b of breaks) {
        expect(b.scheduled_time.getTime(), b.scheduled_time.toISOString()).toBeGreaterThanOrEqual(day.from.getTime() + 10 * HOUR);
        expect(end(b), b.scheduled_time.toISOString()).toBeLessThanOrEqual(day.from.getTime() + 16 * HOUR);
      }
    }
    const fridayAfter = await listBreaksBetween(database.db, userId, dayOf(4).from, dayOf(4).to);
    expect(fridayAfter.map((b) => b.id)).not.toContain(friday.id);
    expect(fridayAfter).toEqual([]);

    const timeline = await expectReplayIdentical(userId);
    expect(timeline).toContain('kept (pinned)');
    // Refreshing again changes nothing: the pin inside the new hours holds and the others come back at the same times.
    await runPlaceBreaks(deps, { userId, trigger: 'refresh' });
    const again = await listBreaksBetween(database.db, userId, MONDAY.from, MONDAY.to);
    expect(again.map((b) => b.scheduled_time.getTime())).toEqual(after.map((b) => b.scheduled_time.getTime()));
  });

  it('keeps every pinned break of a day with more of them than the breaks per day now asked, and adds none there', async () => {
    const { userId, monday } = await plannedUser('fewer-breaks');
    for (const planned of monday) {
      const changedTo = swapChoices(await handPlanning(userId), planned).find((a) => a.id !== planned.activity_id)!;
      expect(await swapBreakActivity(database.db, userId, planned.id, changedTo)).toBe(true);
    }
    const pinned = await listBreaksBetween(database.db, userId, MONDAY.from, MONDAY.to);
    expect(pinned.every((b) => b.pinned)).toBe(true);

    await updatePreferences(database.db, userId, { break_frequency: 3 });
    const refreshed = await runPlaceBreaks(deps, { userId, trigger: 'refresh' });

    const after = await listBreaksBetween(database.db, userId, MONDAY.from, MONDAY.to);
    expect(after).toEqual(pinned);
    expect(refreshed.breaks.filter((b) => Date.parse(b.scheduledTime) < MONDAY.to.getTime())).toEqual([]);
    expect(refreshed.shortfalls).toEqual([]);
    expect(await listBreaksBetween(database.db, userId, dayOf(1).from, dayOf(1).to)).toHaveLength(3);
    await expectReplayIdentical(userId);
  });
});
