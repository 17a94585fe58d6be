import { createDb, insertBreak } from '@breaker/db';
import { startFakePushService, type FakePushService } from '@breaker/fakes/push';
import { testVapidKeys } from '@breaker/jobs/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freePort,
  launchFromSource,
  recentOutput,
  type RunningProcess,
  sharedSecrets,
  stopAllProcesses,
  waitFor,
  remindedAroundNow,
} from './processes.test-support.js';
import { Visitor } from './visitor.test-support.js';

/** How long after the restart the break starts: less than a sweep's period, so only a sweep at start queues it. */
const DUE_AFTER_MS = 45_000;

describe('embedded mode (no Redis, the database in $DATA_DIR): a reminder due just after the API restarts', () => {
  let service: FakePushService;
  const dataDir = mkdtempSync(join(tmpdir(), 'breaker-reminder-embedded-'));
  const vapid = testVapidKeys();
  let env: Record<string, string> = {};
  let url = '';

  beforeAll(async () => {
    service = await startFakePushService();
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    env = {
      ...sharedSecrets(),
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      ALLOW_PRIVATE_PUSH_ENDPOINTS: 'true',
      APP_URL: url,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
    };
  }, 60_000);
  afterAll(async () => {
    await stopAllProcesses();
    await service?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const startApi = async (): Promise<RunningProcess> => {
    const api = await launchFromSource('api', env);
    await waitFor('the API to answer /api/health', async () => (await fetch(`${url}/api/health`)).ok, {
      timeoutMs: 120_000,
      everyMs: 200,
    }).catch((error: unknown) => {
      throw new Error(`${(error as Error).message}\n${recentOutput()}`);
    });
    return api;
  };

  it('is sent at its time by the restarted API, once, and not again after another restart', async () => {
    const first = await startApi();
    const visitor = new Visitor(url);
    const userId = await visitor.signUp(url, 'embedded-reminded');
    const saved = await visitor.call(url, 'PUT', '/api/user/preferences', { preferences: remindedAroundNow() });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const device = service.subscribe();
    expect((await visitor.call(url, 'POST', '/api/push/subscriptions', device)).status).toBe(201);
    first.signal('SIGKILL');
    await first.exited;

    // The embedded database belongs to one process: the break is planted while the API is down.
    const database = await createDb({ kind: 'pglite', dataDir });
    const startsAt = new Date(Math.ceil((Date.now() + DUE_AFTER_MS) / 1000) * 1000);
    let breakId = '';
    try {
      await database.db.deleteFrom('break_sessions').where('user_id', '=', userId).execute();
      const activity = await database.db.selectFrom('break_activities').select('id').limit(1).executeTakeFirstOrThrow();
      breakId = (
        await insertBreak(database.db, userId, {
          activityId: activity.id,
          scheduledTime: startsAt,
          duration: 5,
          placementReason: 'test',
        })
      ).id;
    } finally {
      await database.close();
    }
    const ofThisBreak = () =>
      service.deliveries(device.endpoint).filter((d) => (d.payload as { breakId?: string }).breakId === breakId);

    let second = await startApi();
    // A sweep a whole period after start would come after the break began: only the sweep at start is in time.
    expect(Date.now()).toBeLessThan(startsAt.getTime() - 2_000);
    await waitFor('the reminder', () => ofThisBreak().length > 0, { timeoutMs: DUE_AFTER_MS + 30_000 }).catch(
      (error: unknown) => {
        throw new Error(`${(error as Error).message}\n${recentOutput()}`);
      },
    );
    const [delivery] = ofThisBreak();
    expect(delivery!.at.getTime()).toBeGreaterThanOrEqual(startsAt.getTime() - 1_000);
    expect(delivery!.at.getTime()).toBeLessThan(startsAt.getTime() + 5_000);
    expect(delivery!.payload).toMatchObject({ kind: 'break-reminder', breakId, url: `/?break=${breakId}` });

    // Killed and started again while the break lasts: its sweep at start finds the reminder already claimed.
    second.signal('SIGKILL');
    await second.exited;
    second = await startApi();
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(ofThisBreak()).toHaveLength(1);
    await second.stop();
  }, 400_000);
});
