import { QUEUES, type JobRequest } from '@breaker/api-contract';
import { insertUserWithPreferences, newPreferences } from '@breaker/db';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { testDatabase } from './test-database.test-support.js';
import { JOBS, jobRegistry, prepareJob, runJob } from './registry.js';
import { databaseOnlyHost } from './testing.js';

describe('the job registry', () => {
  it('has one definition for every queue, each under its own name', () => {
    expect(Object.keys(JOBS).sort()).toEqual(Object.values(QUEUES).sort());
    for (const [name, job] of Object.entries(JOBS)) expect(job.name).toBe(name);
  });

  it('refuses, at start-up, a job with no handler or with two', () => {
    const all = Object.values(JOBS);
    expect(() => jobRegistry(all.filter((job) => job.name !== QUEUES.writeBack))).toThrow(
      'No handler for the job calendar-write-back',
    );
    expect(() => jobRegistry([...all, JOBS[QUEUES.calendarSync]])).toThrow('The job calendar-sync has two handlers');
  });

  it('parses a request with the job’s own schema before it reaches a queue', () => {
    const userId = '7b0f2c4e-5a1d-4e8b-9c3f-2d6a8e1b4c5d';
    expect(prepareJob({ name: QUEUES.placeBreaks, payload: { userId, trigger: 'refresh' } })).toEqual({
      name: QUEUES.placeBreaks,
      payload: { userId, trigger: 'refresh' },
      deduplication: { id: `place-breaks-${userId}`, keepLastIfActive: true },
      delayMs: 0,
    });
    const forged = { name: QUEUES.placeBreaks, payload: { userId: 'not-an-id', trigger: 'refresh' } } as JobRequest;
    expect(() => prepareJob(forged)).toThrow();
  });

  it('holds a break reminder until its time, under one id per break, start and due time', () => {
    const breakId = '2c9d0a3e-7f41-4b6a-9e85-1d3c5b7a9f20';
    const payload = { breakId, startsAt: 1_800_000_060_000, remindAt: 1_800_000_000_000 };
    expect(prepareJob({ name: QUEUES.breakReminder, payload }, 1_799_999_990_000)).toEqual({
      name: QUEUES.breakReminder,
      payload,
      deduplication: { id: `break-reminder-${breakId}-1800000060000-1800000000000` },
      delayMs: 10_000,
    });
    expect(prepareJob({ name: QUEUES.breakReminder, payload }, 1_800_000_005_000).delayMs).toBe(0);
  });
});

describe('running a job through the registry', () => {
  const database = testDatabase('pglite');

  it('hands a new plan on to be written to the calendar: placement’s one follow-up', async () => {
    const user = await insertUserWithPreferences(
      database.db,
      { username: 'registry', email: null },
      newPreferences({ break_frequency: 3, break_types: ['breathing'], timezone: 'Europe/Berlin', selected_exercise: null }),
    );
    const queued: JobRequest[] = [];
    const host = databaseOnlyHost({
      db: database.db,
      log: pino({ level: 'silent' }),
      now: () => new Date('2026-11-23T07:00:00Z'),
    });
    const result = await runJob({ ...host, queue: async (job) => void queued.push(job) }, QUEUES.placeBreaks, {
      userId: user.id,
      trigger: 'refresh',
    });
    expect(result.totalScheduled).toBeGreaterThan(0);
    expect(queued).toEqual([{ name: QUEUES.writeBack, payload: { userId: user.id } }]);
  });

  it('refuses a payload its schema does not accept, before the job runs', async () => {
    const queued: JobRequest[] = [];
    const host = databaseOnlyHost({ db: database.db, log: pino({ level: 'silent' }), now: () => new Date() });
    await expect(
      runJob({ ...host, queue: async (job) => void queued.push(job) }, QUEUES.placeBreaks, { userId: 'x', trigger: 'refresh' }),
    ).rejects.toThrow();
    expect(queued).toEqual([]);
  });
});
