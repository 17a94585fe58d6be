import type { PushDevice, PushDeviceRemoval, PushPayload, PushSubscriptionInput } from '@breaker/api-contract';
import { deletePushSubscription, deletePushSubscriptionById, listPushSubscriptions, savePushSubscription } from '@breaker/db';
import { checkPushEndpoint, deviceLabel, pushToUser } from '@breaker/jobs';
import type { AppDeps } from '../deps.js';

export function readPushPublicKey(deps: AppDeps): { publicKey: string } {
  return { publicKey: deps.push.publicKey };
}

/**
 * Stores the browser's subscription for the user (the same endpoint again updates it). The endpoint must be one
 * Breaker may send to; the auth secret is sealed at rest; only a label is kept from the User-Agent.
 */
export async function subscribeToPush(
  deps: AppDeps,
  userId: string,
  input: PushSubscriptionInput,
  userAgent: string | undefined,
): Promise<{ id: string }> {
  const endpoint = await checkPushEndpoint(input.endpoint, deps.config.push.allowPrivateEndpoints);
  const id = await savePushSubscription(deps.db, {
    userId,
    endpoint: endpoint.href,
    p256dh: input.keys.p256dh,
    authEncrypted: deps.cipher.seal(input.keys.auth),
    expirationTime: typeof input.expirationTime === 'number' ? new Date(input.expirationTime) : null,
    label: deviceLabel(userAgent),
  });
  deps.log.info({ userId, subscriptionId: id }, 'push subscription saved');
  return { id };
}

/**
 * Removes one of the user's devices, by endpoint or by id; only the user's own rows match, so another user's id removes
 * nothing. Removing a device that is not there leaves the user where they wanted to be.
 */
export async function unsubscribeFromPush(deps: AppDeps, userId: string, removal: PushDeviceRemoval): Promise<void> {
  if (removal.id !== undefined) {
    await deletePushSubscriptionById(deps.db, userId, removal.id);
    return;
  }
  if (removal.endpoint === undefined) return;
  await deletePushSubscription(deps.db, userId, removal.endpoint);
  // Stored endpoints are normalised (URL.href); one sent unnormalised is found that way.
  if (URL.canParse(removal.endpoint)) await deletePushSubscription(deps.db, userId, new URL(removal.endpoint).href);
}

export async function listPushDevices(deps: AppDeps, userId: string): Promise<PushDevice[]> {
  const rows = await listPushSubscriptions(deps.db, userId);
  return rows.map((row) => ({
    id: row.id,
    label: row.label,
    createdAt: row.created_at.toISOString(),
    lastSuccessAt: row.last_success_at?.toISOString() ?? null,
  }));
}

const TEST_PAYLOAD: PushPayload = {
  kind: 'test',
  title: 'Breaker reminders work',
  body: 'This device will be reminded of your breaks.',
  tag: 'breaker-test',
  url: '/settings',
};

/** One try per device, answered while the user waits: how many push services took it. A few a minute per user. */
export async function sendTestPush(deps: AppDeps, userId: string, address: string): Promise<{ sent: number }> {
  await deps.limits.consume('pushTest', address, userId);
  const { sent } = await pushToUser(
    { db: deps.db, log: deps.log, now: deps.now, cipher: deps.cipher, push: { sender: deps.push } },
    userId,
    TEST_PAYLOAD,
  );
  return { sent };
}
