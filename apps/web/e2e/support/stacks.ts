import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The specs that need a Google or a Microsoft (the fakes): they run only against the `google` stack, which has both. */
export const GOOGLE_SPECS = ['**/google-*.spec.ts', '**/microsoft-*.spec.ts', '**/sync-indicator.spec.ts'];

/**
 * The specs that need the OpenID provider: the google stack has it too (start-stack.mjs), and, like Google's, a
 * single sign-on comes back to APP_URL, which only a stack without per-test addresses keeps on one origin.
 */
export const OIDC_SPECS = ['**/oidc-*.spec.ts'];

export interface StackDefinition {
  /** The Playwright project. */
  name: string;
  /** What start-stack.mjs starts. */
  mode: 'embedded' | 'postgres-redis' | 'embedded-google';
  port: number;
  /**
   * Each test talks to the server from its own loopback address through a relay (fixtures.ts), so rate limits
   * per address do not add up across tests. Not for the Google stack: a Google round trip comes back to APP_URL
   * (the redirect URI registered with Google), and the state and PKCE cookies must be on that same origin.
   */
  perTestAddress: boolean;
}

/**
 * The first stack's port; the others follow it. E2E_PORT_BASE (with E2E_REDIS_DB for the Redis database) lets two
 * runs share a machine without taking each other's ports or queues.
 */
const PORT_BASE = Number(process.env['E2E_PORT_BASE'] ?? 3101);

/** Every stack's OPERATOR_TOKEN (start-stack.mjs gets it through the environment): the operators' pages are on. */
export const E2E_OPERATOR_TOKEN = 'e2e-operator-token-not-a-secret';

/** The stacks the specs run against (one Playwright project each). */
export const STACKS: readonly StackDefinition[] = [
  { name: 'embedded', mode: 'embedded', port: PORT_BASE, perTestAddress: true },
  { name: 'postgres-redis', mode: 'postgres-redis', port: PORT_BASE + 1, perTestAddress: true },
  // The embedded stack plus a fake Google (packages/fakes/src/google) as the API's GOOGLE_BASE_URL, and a real OpenID
  // provider (packages/fakes/src/oidc) as its OIDC_ISSUER.
  { name: 'google', mode: 'embedded-google', port: PORT_BASE + 2, perTestAddress: false },
];

/**
 * A stack's DATA_DIR, at a fixed place so the specs can read what the server leaves there: `outbox/` (e-mail
 * without SMTP_URL), `smtp-inbox/` (what the loopback SMTP server received), `fake-google.json` (where the fake
 * Google of the google stack listens). start-stack.mjs wipes it at start.
 */
export function stackDataDir(port: number): string {
  return join(tmpdir(), `breaker-e2e-${port}`);
}
