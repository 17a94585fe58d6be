import type { PushPayload } from '@breaker/api-contract';
import {
  batchedPer,
  forgetPushSubscription,
  listPushSubscriptions,
  markPushDelivered,
  type Db,
  type PushSubscriptionRow,
  type TokenCipher,
} from '@breaker/db';
import type { JobDeps } from '../job-deps.js';
import { recordPush } from '../metrics/push-metrics.js';
import type { PushSender, PushTarget } from './push-sender.js';

/** What sending pushes needs beyond any job's deps. */
export interface PushJobDeps extends JobDeps {
  cipher: TokenCipher;
  push: {
    sender: PushSender;
    /** The first retry's wait when a service gives no Retry-After; doubled each time. Tests shorten it. */
    retryBaseMs?: number;
  };
}

/** What one send needs: a job's deps, or the API's (whose logger is Fastify's). */
export type PushDeliveryDeps = Omit<PushJobDeps, 'log'> & { log: Pick<PushJobDeps['log'], 'info' | 'warn'> };

const RETRY_BASE_MS = 1_000;
const RETRY_MAX_MS = 60_000;

export interface DeliveryCount {
  sent: number;
  /** Subscriptions a push service said are gone, now removed. */
  removed: number;
  /** Still failing when their time was up, or refused for good. */
  dropped: number;
}

type Delivery = 'sent' | 'removed' | 'dropped';

/**
 * Deliveries are noted in batches (see batched.ts): a burst of reminders writes a few statements, not one per device.
 * A batch notes its latest delivery's time for all of them: they are milliseconds apart.
 */
const noteDelivered = batchedPer(
  (db: Db) => async (deliveries: readonly { id: string; at: Date }[]) => {
    const latest = Math.max(...deliveries.map(({ at }) => at.getTime()));
    await markPushDelivered(
      db,
      deliveries.map(({ id }) => id),
      new Date(latest),
    );
    return deliveries;
  },
  1_000,
);

/** A stored device as the sender takes it: its auth secret opened. */
export function pushTarget(deps: Pick<PushDeliveryDeps, 'cipher'>, row: PushSubscriptionRow): PushTarget {
  return { id: row.id, endpoint: row.endpoint, p256dh: row.p256dh, auth: deps.cipher.open(row.auth_encrypted) };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One push to one device: a gone subscription is removed; 429, 5xx and no answer are tried again after the service's
 * Retry-After (or a doubling wait) while there is time before `deadline`, and dropped (and counted) after.
 */
async function deliver(
  deps: PushDeliveryDeps,
  row: PushSubscriptionRow,
  payload: PushPayload,
  deadline: number | undefined,
): Promise<Delivery> {
  const target = pushTarget(deps, row);
  const base = deps.push.retryBaseMs ?? RETRY_BASE_MS;
  for (let attempt = 0; ; attempt += 1) {
    const now = deps.now().getTime();
    const ttlSeconds = deadline === undefined ? 60 : Math.max(0, Math.ceil((deadline - now) / 1000));
    const outcome = await deps.push.sender.send(target, payload, { ttlSeconds, urgency: 'high' });
    if (outcome.kind === 'sent') {
      await noteDelivered(deps.db)({ id: row.id, at: deps.now() });
      recordPush(payload.kind, 'sent');
      return 'sent';
    }
    if (outcome.kind === 'gone') {
      await forgetPushSubscription(deps.db, row.id);
      recordPush(payload.kind, 'gone');
      deps.log.info({ userId: row.user_id, subscriptionId: row.id }, 'push subscription gone: removed');
      return 'removed';
    }
    const wait = outcome.kind === 'retry' ? (outcome.afterMs ?? Math.min(base * 2 ** attempt, RETRY_MAX_MS)) : undefined;
    if (wait === undefined || deadline === undefined || deps.now().getTime() + wait >= deadline) {
      recordPush(payload.kind, outcome.kind === 'retry' ? 'dropped' : 'failed');
      deps.log.warn({ userId: row.user_id, subscriptionId: row.id, reason: outcome.reason }, 'push not delivered');
      return 'dropped';
    }
    recordPush(payload.kind, 'retried');
    await sleep(wait);
  }
}

/**
 * Sends `payload` to each of the given devices at once. With a deadline, failures worth retrying are retried until
 * then; without one each device gets one try (a test notification, answered while the user waits).
 */
export async function pushToDevices(
  deps: PushDeliveryDeps,
  rows: readonly PushSubscriptionRow[],
  payload: PushPayload,
  deadline?: number,
): Promise<DeliveryCount> {
  const results = await Promise.all(rows.map((row) => deliver(deps, row, payload, deadline)));
  return {
    sent: results.filter((r) => r === 'sent').length,
    removed: results.filter((r) => r === 'removed').length,
    dropped: results.filter((r) => r === 'dropped').length,
  };
}

/** `pushToDevices` to every device the user has. */
export async function pushToUser(
  deps: PushDeliveryDeps,
  userId: string,
  payload: PushPayload,
  deadline?: number,
): Promise<DeliveryCount> {
  return pushToDevices(deps, await listPushSubscriptions(deps.db, userId), payload, deadline);
}
