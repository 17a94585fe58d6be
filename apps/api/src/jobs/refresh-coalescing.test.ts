import { sql } from '@breaker/db';
import { describe, expect, it } from 'vitest';
import { appForSuite, type AppUnderTest, signInWorkingEveryDay, startedForSuite } from '../app.test-support.js';
import { startQueuedTestApp, testQueuePrefix } from './queued-test-app.test-support.js';

const BURST = 10;

/**
 * A burst of Refresh clicks: every click is answered with a plan, but the burst makes a run for the first click and
 * at most one more for the clicks that came while it ran (and, should the first run end before the last click arrives,
 * one after that), never one run per click.
 */
async function refreshInBurst(subject: AppUnderTest, name: string): Promise<number> {
  const { client, userId } = await signInWorkingEveryDay(subject.app, name);
  const before = await runsOf(subject, userId);
  const answers = await Promise.all(
    Array.from({ length: BURST }, () => client.request('POST', `/api/refresh-breakers/${userId}`)),
  );
  expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: BURST }, () => 200));
  const stored = (await client.request('GET', '/api/upcoming-breaks')).json<unknown[]>();
  expect(stored.length).toBeGreaterThan(0);
  return (await runsOf(subject, userId)) - before;
}

async function runsOf(subject: AppUnderTest, userId: string): Promise<number> {
  const result = await sql<{ runs: string }>`select count(*) as runs from scheduling_runs where user_id = ${userId}`.execute(
    subject.db,
  );
  return Number(result.rows[0]!.runs);
}

describe('a burst of refreshes with jobs in-process', () => {
  const subject = appForSuite('postgres');

  it('runs the placement at most a few times, not once per click', async () => {
    const runs = await refreshInBurst(subject, 'burst-in-process');
    expect(runs).toBeGreaterThanOrEqual(1);
    expect(runs).toBeLessThanOrEqual(3);
  });
});

describe('a burst of refreshes through BullMQ', () => {
  const prefix = testQueuePrefix();
  const subject = startedForSuite(() => startQueuedTestApp(prefix));

  it('queues the placement at most a few times, not once per click', async () => {
    const runs = await refreshInBurst(subject, 'burst-queued');
    // One run under way and one waiting at most: how many follow each other depends on when the clicks reach Redis.
    expect(runs).toBeGreaterThanOrEqual(1);
    expect(runs).toBeLessThanOrEqual(5);
  });
});
