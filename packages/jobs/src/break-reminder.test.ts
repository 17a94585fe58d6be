import { QUEUES, type BreakReminderPayload, type JobRequest } from '@breaker/api-contract';
import { createTokenCipher, insertSchedulingRun, replaceScheduledBreaks, savePushSubscription, type Db } from '@breaker/db';
import { insertTestUser, openTestDatabase, testPlanningRun } from '@breaker/db/testing';
import { startFakePushService, type FakePushService, type FakeSubscription } from '@breaker/fakes/push';
import { randomBytes } from 'node:crypto';
import { pino } from 'pino';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HostDeps, JobHost } from './job-context.js';
import { registerJobMetrics } from './metrics/job-metrics.js';
import { createPushSender } from './push/push-sender.js';
import { runJob } from './registry.js';
import { testVapidKeys } from './testing.js';

const MINUTE = 60_000;
/**
 * At work all day, every day, in a zone where it is nowhere near midnight: a reminder is never sent before its break's
 * own work day starts, so one a few minutes before a break just after midnight would wait for midnight.
 */
const ALWAYS_AT_WORK = {
  timezone: Math.abs(new Date().getUTCHours() - 12) < 6 ? 'UTC' : 'Etc/GMT-12',
  work_start_time: '00:00',
  work_end_time: '24:00',
  work_days: [1, 2, 3, 4, 5, 6, 7],
};

describe('break reminders', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let service: FakePushService;
  const vapid = testVapidKeys();
  const cipher = createTokenCipher(randomBytes(32));
  const queued: JobRequest[] = [];
  let host: JobHost;
  let activityId: string;
  let sequence = 0;

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    service = await startFakePushService();
    const deps: HostDeps = {
      db: database.db,
      log: pino({ level: process.env['DEBUG_PUSH'] ? 'debug' : 'silent' }),
      now: () => new Date(),
      google: undefined,
      cipher,
      allowPrivateFeeds: false,
      appUrl: new URL('http://localhost:3000'),
      mailer: { send: () => Promise.reject(new Error('no mail here')), close: () => {} },
      push: {
        sender: createPushSender({ vapid, contact: 'mailto:push@localhost', allowPrivateEndpoints: true }),
        retryBaseMs: 50,
      },
    };
    host = { deps, queue: async (job) => void queued.push(job) };
    activityId = (await database.db.selectFrom('break_activities').select('id').limit(1).executeTakeFirstOrThrow()).id;
  }, 60_000);
  afterAll(async () => {
    await service?.close();
    await database?.dispose();
  });

  /** A user with one device and one break `startsIn` ms from now, lasting `minutes`. */
  async function userWithBreak(
    startsIn: number,
    preferences: Record<string, unknown> = {},
    minutes = 5,
  ): Promise<{ db: Db; userId: string; breakId: string; startsAt: number; device: FakeSubscription }> {
    sequence += 1;
    const startsAt = Math.floor((Date.now() + startsIn) / 1000) * 1000;
    const { user, breaks } = await insertTestUser(database.db, {
      username: `reminded-${sequence}`,
      preferences: { ...ALWAYS_AT_WORK, ...preferences },
      breaks: [{ activityId, scheduledTime: new Date(startsAt), duration: minutes, placementReason: 'test' }],
    });
    const device = service.subscribe();
    await savePushSubscription(database.db, {
      userId: user.id,
      endpoint: device.endpoint,
      p256dh: device.keys.p256dh,
      authEncrypted: cipher.seal(device.keys.auth),
      expirationTime: null,
      label: 'Firefox on Linux',
    });
    return { db: database.db, userId: user.id, breakId: breaks[0]!.id, startsAt, device };
  }

  const remind = (payload: BreakReminderPayload) => runJob(host, QUEUES.breakReminder, payload);
  const sweepFor = async (breakId: string) => {
    queued.length = 0;
    await runJob(host, QUEUES.maintenance, {});
    return queued.filter((job) => job.name === QUEUES.breakReminder && job.payload.breakId === breakId).map((job) => job.payload);
  };

  it('queues each reminder at its start less the lead time, and none the user should not get', async () => {
    // Starting in 150 s: with no lead its reminder falls after the sweep after next; with 5 minutes it is already due.
    for (const lead of [0, 1, 5]) {
      const planted = await userWithBreak(150_000, { reminder_lead_minutes: lead });
      const due = await sweepFor(planted.breakId);
      if (lead === 0) expect(due).toEqual([]);
      else
        expect(due).toEqual([
          { breakId: planted.breakId, startsAt: planted.startsAt, remindAt: planted.startsAt - lead * MINUTE },
        ]);
    }
    const soon = await userWithBreak(90_000, { reminder_lead_minutes: 0 });
    expect(await sweepFor(soon.breakId)).toEqual([{ breakId: soon.breakId, startsAt: soon.startsAt, remindAt: soon.startsAt }]);
    const off = await userWithBreak(MINUTE, { notifications_enabled: false });
    expect(await sweepFor(off.breakId)).toEqual([]);
    const closed = await userWithBreak(MINUTE, { work_start_time: '00:00', work_end_time: '00:01' });
    expect(await sweepFor(closed.breakId)).toEqual([]);
  });

  it('sends the reminder once, encrypted for the device and signed for its push service', async () => {
    const planted = await userWithBreak(30_000);
    const payload = { breakId: planted.breakId, startsAt: planted.startsAt, remindAt: planted.startsAt - MINUTE };
    expect(await remind(payload)).toEqual({ sent: 1, removed: 0, dropped: 0 });
    expect(await remind(payload)).toEqual({ skipped: 'already announced' });
    const [delivery, ...more] = service.deliveries(planted.device.endpoint);
    expect(more).toEqual([]);
    expect(delivery!.payload).toEqual({
      kind: 'break-reminder',
      title: expect.stringMatching(/^Time for a break: /),
      body: expect.stringMatching(/ · 5 min$/),
      tag: `break-${planted.breakId}`,
      url: `/?break=${planted.breakId}`,
      breakId: planted.breakId,
    });
    expect(delivery!.vapidKey).toBe(vapid.publicKey);
    expect(delivery!.claims.aud).toBe(service.origin);
    expect(delivery!.claims.sub).toBe('mailto:push@localhost');
    expect(delivery!.claims.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 60 * MINUTE);
    expect(delivery!.ttl).toBeGreaterThan(0);
    expect(delivery!.ttl).toBeLessThanOrEqual(5.5 * 60);
    expect(delivery!.urgency).toBe('high');
  });

  it('announces nothing for a break moved, taken, skipped or removed since, nor when reminders are off', async () => {
    const moved = await userWithBreak(30_000);
    await database.db
      .updateTable('break_sessions')
      .set({ scheduled_time: new Date(moved.startsAt + 30 * MINUTE) })
      .where('id', '=', moved.breakId)
      .execute();
    expect(await remind({ breakId: moved.breakId, startsAt: moved.startsAt, remindAt: moved.startsAt })).toEqual({
      skipped: 'the break moved',
    });
    // The moved break is announced for its new time, by a new job.
    expect(await sweepFor(moved.breakId)).toEqual([]);

    const taken = await userWithBreak(30_000);
    await database.db.updateTable('break_sessions').set({ completed_at: new Date() }).where('id', '=', taken.breakId).execute();
    const skipped = await userWithBreak(30_000);
    await database.db.updateTable('break_sessions').set({ skipped: true }).where('id', '=', skipped.breakId).execute();
    for (const planted of [taken, skipped]) {
      expect(await remind({ breakId: planted.breakId, startsAt: planted.startsAt, remindAt: planted.startsAt })).toEqual({
        skipped: 'the break was taken or skipped',
      });
    }
    const removed = await userWithBreak(30_000);
    await database.db.deleteFrom('break_sessions').where('id', '=', removed.breakId).execute();
    expect(await remind({ breakId: removed.breakId, startsAt: removed.startsAt, remindAt: removed.startsAt })).toEqual({
      skipped: 'the break was removed',
    });
    const off = await userWithBreak(30_000, { notifications_enabled: false });
    expect(await remind({ breakId: off.breakId, startsAt: off.startsAt, remindAt: off.startsAt })).toEqual({
      skipped: 'reminders are off',
    });
    const evening = await userWithBreak(30_000, { work_start_time: '00:00', work_end_time: '00:01' });
    expect(await remind({ breakId: evening.breakId, startsAt: evening.startsAt, remindAt: evening.startsAt })).toEqual({
      skipped: 'the break is outside work hours',
    });
    const early = await userWithBreak(10 * MINUTE, { reminder_lead_minutes: 1 });
    expect(await remind({ breakId: early.breakId, startsAt: early.startsAt, remindAt: early.startsAt })).toEqual({
      skipped: 'not due yet',
    });
    for (const planted of [moved, taken, skipped, removed, off, evening, early]) {
      expect(service.deliveries(planted.device.endpoint)).toEqual([]);
    }
  });

  it('jobs running together are claimed in one batch: each break announced once, however many jobs ask', async () => {
    const planted = await Promise.all(Array.from({ length: 12 }, () => userWithBreak(30_000)));
    const payloads = planted.map((p) => ({ breakId: p.breakId, startsAt: p.startsAt, remindAt: p.startsAt - MINUTE }));
    const moved = planted[0]!;
    await database.db
      .updateTable('break_sessions')
      .set({ scheduled_time: new Date(moved.startsAt + 30 * MINUTE) })
      .where('id', '=', moved.breakId)
      .execute();
    // Each break's job twice, all at once: one batch holds both of a break's jobs.
    const results = await Promise.all([...payloads, ...payloads].map(remind));
    expect(results.filter((r) => 'sent' in r && r.sent === 1)).toHaveLength(11);
    expect(results.filter((r) => 'skipped' in r && r.skipped === 'already announced')).toHaveLength(11);
    expect(results.filter((r) => 'skipped' in r && r.skipped === 'the break moved')).toHaveLength(2);
    expect(service.deliveries(moved.device.endpoint)).toEqual([]);
    for (const { device } of planted.slice(1)) expect(service.deliveries(device.endpoint)).toHaveLength(1);
    // And again later: every one of them is already announced.
    expect((await Promise.all(payloads.slice(1).map(remind))).every((r) => 'skipped' in r)).toBe(true);
  });

  it('a moved break is announced again for its new time', async () => {
    const planted = await userWithBreak(30_000);
    await remind({ breakId: planted.breakId, startsAt: planted.startsAt, remindAt: planted.startsAt - MINUTE });
    const newStart = planted.startsAt + 20_000;
    await database.db
      .updateTable('break_sessions')
      .set({ scheduled_time: new Date(newStart) })
      .where('id', '=', planted.breakId)
      .execute();
    expect(await sweepFor(planted.breakId)).toEqual([
      { breakId: planted.breakId, startsAt: newStart, remindAt: newStart - MINUTE },
    ]);
    expect(await remind({ breakId: planted.breakId, startsAt: newStart, remindAt: newStart - MINUTE })).toMatchObject({
      sent: 1,
    });
    expect(service.deliveries(planted.device.endpoint)).toHaveLength(2);
  });

  it('a break planned again at the same time is not announced again', async () => {
    const planted = await userWithBreak(30_000);
    await remind({ breakId: planted.breakId, startsAt: planted.startsAt, remindAt: planted.startsAt - MINUTE });
    const runId = await insertSchedulingRun(database.db, testPlanningRun(planted.userId));
    const [replanned] = await replaceScheduledBreaks(
      database.db,
      planted.userId,
      new Date(planted.startsAt - MINUTE),
      new Date(planted.startsAt + MINUTE),
      [{ activityId, scheduledTime: new Date(planted.startsAt), duration: 5, placementReason: 'again' }],
      runId,
    );
    expect(replanned!.id).not.toBe(planted.breakId);
    expect(await sweepFor(replanned!.id)).toEqual([]);
    expect(service.deliveries(planted.device.endpoint)).toHaveLength(1);
  });

  it('retries 429 after its Retry-After and 500 with backoff, then delivers', async () => {
    const planted = await userWithBreak(30_000);
    service.script(planted.device.endpoint, { status: 429, retryAfterSeconds: 1 }, { status: 500 });
    const started = Date.now();
    expect(await remind({ breakId: planted.breakId, startsAt: planted.startsAt, remindAt: planted.startsAt })).toEqual({
      sent: 1,
      removed: 0,
      dropped: 0,
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(service.rejections(planted.device.endpoint).map((r) => r.status)).toEqual([429, 500]);
    expect(service.deliveries(planted.device.endpoint)).toHaveLength(1);
  });

  it('drops a reminder still failing when its break ends, and counts it', async () => {
    const registry = new Registry();
    registerJobMetrics(registry);
    const dropped = async () =>
      (await registry.getSingleMetric('breaker_push_deliveries_total')!.get()).values.find(
        (v) => v.labels['kind'] === 'break-reminder' && v.labels['outcome'] === 'dropped',
      )?.value ?? 0;
    const before = await dropped();
    // A break that began about 59 s ago and lasts a minute: half a second to a second and a half of useful life left
    // (its start is a whole second).
    const planted = await userWithBreak(-58_500, {}, 1);
    service.script(planted.device.endpoint, ...Array.from({ length: 50 }, () => ({ status: 503 })));
    expect(await remind({ breakId: planted.breakId, startsAt: planted.startsAt, remindAt: planted.startsAt })).toEqual({
      sent: 0,
      removed: 0,
      dropped: 1,
    });
    expect(service.deliveries(planted.device.endpoint)).toEqual([]);
    expect(await dropped()).toBe(before + 1);
  });

  it('removes a subscription its push service says is gone (404 or 410)', async () => {
    for (const status of [404, 410]) {
      const planted = await userWithBreak(30_000);
      service.script(planted.device.endpoint, { status });
      expect(await remind({ breakId: planted.breakId, startsAt: planted.startsAt, remindAt: planted.startsAt })).toEqual({
        sent: 0,
        removed: 1,
        dropped: 0,
      });
      const left = await database.db
        .selectFrom('push_subscriptions')
        .select('id')
        .where('user_id', '=', planted.userId)
        .execute();
      expect(left).toEqual([]);
    }
  });
});
