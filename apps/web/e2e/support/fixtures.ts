import { mkdirSync } from 'node:fs';
import { connect, createServer, type Socket } from 'node:net';
import { join } from 'node:path';
import { test as base, type TestInfo } from '@playwright/test';
import { STACKS, stackDataDir } from './stacks';

export { expect } from '@playwright/test';

export interface Stack {
  name: string;
  port: number;
  /** The stack's DATA_DIR (outbox/, smtp-inbox/). */
  dataDir: string;
  /** The stack's APP_URL: the origin of the links in its e-mails. */
  appUrl: string;
  /** Where its e-mail lands: postgres-redis sends over SMTP to the loopback receiver, the others write the outbox. */
  mailFolder: 'smtp-inbox' | 'outbox';
  /** Whether each test gets its own loopback address (see StackDefinition.perTestAddress). */
  perTestAddress: boolean;
}

interface Fixtures {
  stack: Stack;
  /**
   * A loopback address of this test alone (127.0.0.N); the server sees every request of the test coming from it.
   * On a stack without per-test addresses (google) it is 127.0.0.1, shared by all tests, and the base URL is APP_URL.
   */
  clientAddress: string;
}

function projectStack(testInfo: TestInfo): Stack {
  const configured = testInfo.project.use.baseURL;
  if (!configured) throw new Error(`project ${testInfo.project.name} has no baseURL`);
  const port = Number(new URL(configured).port);
  const name = testInfo.project.name;
  const definition = STACKS.find((stack) => stack.name === name);
  if (!definition) throw new Error(`project ${name} is none of the stacks in stacks.ts`);
  return {
    name,
    port,
    dataDir: stackDataDir(port),
    appUrl: `http://127.0.0.1:${port}`,
    mailFolder: definition.mode === 'postgres-redis' ? 'smtp-inbox' : 'outbox',
    perTestAddress: definition.perTestAddress,
  };
}

/**
 * Claims a loopback address no other test of this stack run has used: one directory per address under DATA_DIR,
 * created atomically, so claims survive a restarted worker and start over with the next stack.
 */
function claimAddress(stack: Stack): string {
  const claims = join(stack.dataDir, 'e2e-clients');
  mkdirSync(claims, { recursive: true });
  for (let n = 2; n <= 254; n += 1) {
    try {
      mkdirSync(join(claims, String(n)));
      return `127.0.0.${n}`;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  throw new Error('every loopback address 127.0.0.2-254 is taken for this stack run');
}

/**
 * Listens on address:port and forwards to the API on 127.0.0.1:port from that same address. Without it every
 * 127.0.0.N connection would still arrive from 127.0.0.1 (Linux picks that source for the whole 127/8 route),
 * and all tests would share one rate-limit budget. The Host and Origin headers stay 127.0.0.N:port, which the
 * server's origin check accepts (Origin equal to the Host the request was sent to).
 */
async function startClientProxy(address: string, port: number): Promise<() => Promise<void>> {
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect({ host: '127.0.0.1', port, localAddress: address });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, address, () => resolve());
  });
  return async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
}

// The second argument of a fixture is Playwright's `use`; named `provide` here so the React hooks lint rule
// (which covers all of apps/web) does not take it for a hook.
export const test = base.extend<Fixtures>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this pattern.
  stack: async ({}, provide, testInfo) => {
    await provide(projectStack(testInfo));
  },
  clientAddress: async ({ stack }, provide) => {
    if (!stack.perTestAddress) {
      await provide('127.0.0.1');
      return;
    }
    const address = claimAddress(stack);
    const stopProxy = await startClientProxy(address, stack.port);
    await provide(address);
    await stopProxy();
  },
  baseURL: async ({ stack, clientAddress }, provide) => {
    await provide(`http://${clientAddress}:${stack.port}`);
  },
});

/** A name no other test run has used, short enough for a username. */
export function uniqueName(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}
