import { insertUserWithPreferences, listBreaksFrom, newPreferences, listSchedulingRuns, updatePreferences } from '@breaker/db';
import { openTestDatabase } from '@breaker/db/testing';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobDeps } from './job-deps.js';
import { runPlaceBreaks } from './place-breaks.js';
import { replaySchedulingRun } from './replay.js';

const preferenceRow = newPreferences({
  break_frequency: 4,
  work_start_time: '09:00',
  selected_exercise: null,
  break_types: ['breathing'],
  timezone: 'America/New_York',
});

describe('the placement job', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let deps: JobDeps;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    // Monday 2026-11-23, 08:00 in New York.
    deps = { db: database.db, log: pino({ level: 'silent' }), now: () => new Date('2026-11-23T13:00:00Z') };
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it('plans the week from the preferred types, records the run, and replays it identically', async () => {
    const user = await insertUserWithPreferences(database.db, { username: 'planner', email: null }, preferenceRow);
    const result = await runPlaceBreaks(deps, { userId: user.id, trigger: 'refresh' });
    expect(result.totalScheduled).toBe(4 * 5);
    const stored = await listBreaksFrom(database.db, user.id, new Date('2026-11-23T00:00:00Z'));
    expect(stored).toHaveLength(20);
    expect(stored.every((b) => b.activity.type === 'breathing')).toBe(true);

    const [run] = await listSchedulingRuns(database.db, user.id, 1);
    const report = await replaySchedulingRun(database.db, run!.id);
    expect(report.identical).toBe(true);
    expect(report.replayed.breaks).toHaveLength(20);
  });

  it('gives the same plan when run twice on the same day', async () => {
    const user = await insertUserWithPreferences(database.db, { username: 'twice', email: null }, preferenceRow);
    const first = await runPlaceBreaks(deps, { userId: user.id, trigger: 'refresh' });
    const second = await runPlaceBreaks(deps, { userId: user.id, trigger: 'refresh' });
    const shape = (r: typeof first) => r.breaks.map((b) => [b.scheduledTime, b.activityId]);
    expect(shape(second)).toEqual(shape(first));
  });

  it('follows a change of work hours', async () => {
    const user = await insertUserWithPreferences(database.db, { username: 'mover', email: null }, preferenceRow);
    await updatePreferences(database.db, user.id, { work_start_time: '10:00', work_end_time: '16:00', break_frequency: 3 });
    const result = await runPlaceBreaks(deps, { userId: user.id, trigger: 'preferences' });
    expect(result.totalScheduled).toBe(3 * 5);
    for (const b of result.breaks) {
      const hour = Number(
        new Intl.DateTimeFormat('en-US', { hour: 'numeric', hourCycle: 'h23', timeZone: 'America/New_York' }).format(
          new Date(b.scheduledTime),
        ),
      );
      expect(hour).toBeGreaterThanOrEqual(10);
      expect(hour).toBeLessThan(16);
    }
  });
});
