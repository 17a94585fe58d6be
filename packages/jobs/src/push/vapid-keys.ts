import type { Config } from '@breaker/api-contract/config';
import { readOrCreateKeyFile } from '@breaker/db';
import webpush from 'web-push';

export interface VapidKeys {
  /** base64url of the uncompressed P-256 public key: what browsers subscribe with. */
  publicKey: string;
  privateKey: string;
}

/**
 * VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when set; otherwise a pair generated once into `$DATA_DIR/keys/`, next to the
 * token key. Every process sending pushes must use the same pair: browsers subscribed with its public key.
 */
export function loadVapidKeys(config: Pick<Config, 'push' | 'dataDir'>): VapidKeys {
  if (config.push.vapidKeys) return config.push.vapidKeys;
  const stored = readOrCreateKeyFile(config.dataDir, 'vapid.json', () => JSON.stringify(webpush.generateVAPIDKeys()));
  const { publicKey, privateKey } = JSON.parse(stored) as VapidKeys;
  return { publicKey, privateKey };
}
