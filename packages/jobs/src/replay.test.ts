import {
  findSchedulingRun,
  insertSchedulingRun,
  insertUserWithPreferences,
  listSchedulingRuns,
  type SchedulingRunRow,
  newPreferences,
} from '@breaker/db';
import { openTestDatabase } from '@breaker/db/testing';
import type { PlacementResult } from '@breaker/scheduler';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobDeps } from './job-deps.js';
import { runPlaceBreaks } from './place-breaks.js';
import { formatReport, replayRun, replaySchedulingRun, runFromJson } from './replay.js';

const preferenceRow = newPreferences({
  break_frequency: 4,
  work_start_time: '09:00',
  selected_exercise: null,
  timezone: 'Europe/Berlin',
});

describe('replay of recorded scheduling runs', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let deps: JobDeps;
  let run: SchedulingRunRow;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    // Monday 2026-11-23, 07:00 in Berlin.
    deps = { db: database.db, log: pino({ level: 'silent' }), now: () => new Date('2026-11-23T06:00:00Z') };
    const user = await insertUserWithPreferences(database.db, { username: 'replayer', email: null }, preferenceRow);
    await runPlaceBreaks(deps, { userId: user.id, trigger: 'refresh' });
    [run] = (await listSchedulingRuns(database.db, user.id, 1)) as [SchedulingRunRow];
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it('a recorded run replays identically, with a day-by-day timeline of its breaks and their reasons', async () => {
    const report = await replaySchedulingRun(database.db, run.id);
    expect(report.identical).toBe(true);
    expect(report.differences).toEqual([]);
    expect(report.violations).toEqual([]);
    expect(report.replayed.breaks).toHaveLength(20);
    expect(report.engineVersion.recorded).toBe(report.engineVersion.current);
    expect(report.timeline).toContain('Monday 23 Nov 2026');
    expect(report.timeline).toContain('Saturday 28 Nov 2026 — not a work day');
    expect(report.timeline).toMatch(
      /\n {2}10:36–10:\d\d {2}BREAK [a-z0-9-]+ \([a-z-]+\): Shortest sitting stretches: with 4 breaks today/,
    );
    // Each work day ends with its longest sitting stretch against the optimum.
    expect(report.timeline).toContain('  = longest sitting stretch 96 min with 4 breaks (optimum 96 min)');
    expect(formatReport(report)).toContain('Identical: the replay gives the recorded 20 breaks and shortfalls.');
  });

  it('a tampered run reports what differs', async () => {
    const output = structuredClone(run.output) as PlacementResult;
    output.breaks[0]!.start += 5 * 60_000;
    // The recorded activity is drawn from a per-user seed: swap it for one that surely differs.
    const swapped = output.breaks[1]!.activityId === 'palming' ? 'chin-tuck' : 'palming';
    output.breaks[1]!.activityId = swapped;
    output.shortfalls.push({ date: '2026-11-24', asked: 4, placed: 3, reason: 'made up' });
    // A tampered copy of the run, beside the original.
    const tamperedId = await insertSchedulingRun(database.db, {
      userId: run.user_id,
      trigger: 'refresh',
      engineVersion: run.engine_version,
      seed: run.seed,
      input: run.input,
      output,
      durationMs: 0,
    });
    const report = await replaySchedulingRun(database.db, tamperedId);
    expect(report.identical).toBe(false);
    expect(report.differences).toEqual([
      '- break Mon 23 Nov 10:41 ' + `${output.breaks[0]!.duration} min ${output.breaks[0]!.activityId} is no longer placed`,
      expect.stringMatching(new RegExp(`^~ break Mon 23 Nov 12:12: activityId "${swapped}" → "[a-z0-9-]+"$`)),
      expect.stringMatching(/^\+ break Mon 23 Nov 10:36 \d min [a-z0-9-]+ is new$/),
      '- shortfall 2026-11-24 (3/4) is gone',
    ]);
    expect(report.timeline).toMatch(/\n- 10:41–10:4\d {2}BREAK/);
    expect(report.timeline).toMatch(/\n\+ 10:36–10:\d\d {2}BREAK/);
  });

  it('reads a run exported from production as JSON, and runs recorded with ISO times by the first engine', async () => {
    const row = (await findSchedulingRun(database.db, run.id))!;
    expect(replayRun(runFromJson(JSON.stringify(row))).identical).toBe(true);
    // psql exports jsonb as text; both shapes are accepted.
    expect(
      replayRun(runFromJson(JSON.stringify({ ...row, input: JSON.stringify(row.input), output: JSON.stringify(row.output) })))
        .identical,
    ).toBe(true);
    const legacy = {
      id: 'legacy',
      engine_version: 'first-fit-1',
      input: {
        ...(row.input as object),
        now: '2026-11-23T06:00:00.000Z',
        busy: [{ start: '2026-11-23T09:00:00Z', end: '2026-11-23T10:00:00Z' }],
      },
      output: {
        engineVersion: 'first-fit-1',
        breaks: [{ start: '2026-11-23T08:05:00.000Z', duration: 2, activityId: 'palming', reason: 'old' }],
        shortfalls: [],
      },
    };
    const report = replayRun(runFromJson(JSON.stringify(legacy)));
    expect(report.identical).toBe(false);
    expect(report.engineVersion).toEqual({ recorded: 'first-fit-1', current: report.replayed.engineVersion });
    expect(report.differences[0]).toBe('- break Mon 23 Nov 09:05 2 min palming is no longer placed');
    expect(() => runFromJson('{"id":"x"}')).toThrow('Expected a scheduling run');
  });
});
