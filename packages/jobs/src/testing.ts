import { createTokenCipher } from '@breaker/db';
import { randomBytes } from 'node:crypto';
import webpush from 'web-push';
import type { HostDeps, JobHost } from './job-context.js';
import type { JobDeps } from './job-deps.js';

/**
 * A host for tests of jobs that need only the database: no Google, no mail, a fresh token key, and follow-up jobs
 * dropped (a test that wants them runs them itself).
 */
export function databaseOnlyHost(deps: JobDeps): JobHost {
  const hostDeps: HostDeps = {
    ...deps,
    google: undefined,
    cipher: createTokenCipher(randomBytes(32)),
    allowPrivateFeeds: false,
    appUrl: new URL('http://localhost:3000'),
    mailer: {
      send: () => Promise.reject(new Error('This test host sends no mail')),
      close: () => {},
    },
    push: { sender: unsentPushes() },
  };
  return { deps: hostDeps, queue: async () => {} };
}

/** A fresh VAPID key pair, for test servers (production loads or generates one: vapid-keys.ts). */
export function testVapidKeys(): { publicKey: string; privateKey: string } {
  return webpush.generateVAPIDKeys();
}

/** A push sender for hosts that must not push: every push fails for good. */
function unsentPushes(): HostDeps['push']['sender'] {
  return {
    publicKey: testVapidKeys().publicKey,
    prepare: async () => {},
    send: async () => ({ kind: 'failed', reason: 'This test host sends no pushes' }),
  };
}

export { largeFeed, type LargeFeedOptions } from './providers/ics/large-feed.test-support.js';
export { startRadicale, type RadicaleServer } from './providers/caldav/radicale.test-support.js';
