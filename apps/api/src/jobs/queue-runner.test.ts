import { describe, expect, it } from 'vitest';
import { signInWorkingEveryDay, startedForSuite, TestClient } from '../app.test-support.js';
import { startQueuedTestApp, testQueuePrefix } from './queued-test-app.test-support.js';

describe('refresh through BullMQ on Redis, with a worker on PostgreSQL', () => {
  const prefix = testQueuePrefix();
  const subject = startedForSuite(() => startQueuedTestApp(prefix));

  it('reports the queue as ready and answers the refresh with the job result', async () => {
    const client = new TestClient(subject.app);
    expect((await client.request('GET', '/api/ready')).json()).toMatchObject({
      status: 'ready',
      database: 'postgres',
      jobs: 'queue',
    });
    const user = await client.registerAndSignIn('queued');
    await client.workEveryDay();
    const refreshed = await client.request('POST', `/api/refresh-breakers/${user.id}`);
    expect(refreshed.statusCode).toBe(200);
    const { totalScheduled } = refreshed.json<{ totalScheduled: number }>();
    expect(totalScheduled).toBeGreaterThanOrEqual(3 * 5);
    expect((await client.request('GET', '/api/upcoming-breaks')).json<unknown[]>()).toHaveLength(totalScheduled);
  });

  it('makes one consistent plan out of concurrent refreshes', async () => {
    const { client, userId } = await signInWorkingEveryDay(subject.app, 'eager');
    const results = await Promise.all(
      Array.from({ length: 10 }, () => client.request('POST', `/api/refresh-breakers/${userId}`)),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const counts = results.map((r) => r.json<{ totalScheduled: number }>().totalScheduled);
    expect(new Set(counts).size).toBe(1);
    const stored = (await client.request('GET', '/api/upcoming-breaks')).json<{ scheduledTime: string }[]>();
    expect(stored).toHaveLength(counts[0]!);
    expect(new Set(stored.map((b) => b.scheduledTime)).size).toBe(stored.length);
  });
});
