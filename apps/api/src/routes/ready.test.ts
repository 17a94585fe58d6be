import { createDb, sql } from '@breaker/db';
import { createScratchPostgres, TEST_POSTGRES_URL } from '@breaker/db/testing';
import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type AppUnderTest } from '../app.test-support.js';
import { createQueueRunner } from '../jobs/queue-runner.js';

const REDIS_URL = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';

/**
 * A loopback TCP relay that can refuse new connections (settling once the open ones are gone), drop the open
 * ones, and listen again on the same port.
 */
interface Relay {
  port: number;
  refuseNew(): Promise<void>;
  dropConnections(): void;
  restore(): Promise<void>;
  close(): Promise<void>;
}

async function startRelay(target: URL, defaultPort: number): Promise<Relay> {
  const sockets = new Set<Socket>();
  const accept = (client: Socket) => {
    const upstream = connect(Number(target.port || defaultPort), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  };
  let server: Server = createServer(accept);
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve((server.address() as { port: number }).port));
    });
  const port = await listen(0);
  const refuseNew = () => new Promise<void>((resolve) => server.close(() => resolve()));
  const dropConnections = () => {
    for (const socket of sockets) socket.destroy();
  };
  return {
    port,
    refuseNew,
    dropConnections,
    async restore() {
      server = createServer(accept);
      await listen(port);
    },
    async close() {
      dropConnections();
      if (server.listening) await refuseNew();
    },
  };
}

function through(url: string, relay: Relay): string {
  const relayed = new URL(url);
  relayed.hostname = '127.0.0.1';
  relayed.port = String(relay.port);
  return relayed.toString();
}

describe('/api/ready', () => {
  const prefix = `breaker-test-${randomBytes(4).toString('hex')}`;
  let postgresRelay: Relay;
  let redisRelay: Relay;
  let dropDatabase: () => Promise<void>;
  let terminateSessions: () => Promise<void>;
  let subject: AppUnderTest;

  beforeAll(async () => {
    const scratch = await createScratchPostgres();
    dropDatabase = scratch.drop;
    terminateSessions = async () => {
      const admin = await createDb({ kind: 'postgres', url: TEST_POSTGRES_URL, maxConnections: 1 });
      const name = new URL(scratch.url).pathname.slice(1);
      await sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${name}`.execute(admin.db);
      await admin.close();
    };
    postgresRelay = await startRelay(new URL(TEST_POSTGRES_URL), 5432);
    redisRelay = await startRelay(new URL(REDIS_URL), 6379);
    subject = await startTestApp('postgres', {
      database: async () => {
        const handle = await createDb({ kind: 'postgres', url: through(scratch.url, postgresRelay), maxConnections: 2 });
        return { ...handle, dispose: handle.close };
      },
      jobs: () => createQueueRunner(through(REDIS_URL, redisRelay), prefix),
    });
  });
  afterAll(async () => {
    await subject?.close();
    await postgresRelay?.close();
    await redisRelay?.close();
    await dropDatabase?.();
    const cleaner = new Redis(REDIS_URL);
    const keys = await cleaner.keys(`${prefix}:*`);
    if (keys.length > 0) await cleaner.del(...keys);
    await cleaner.quit();
  });

  const ready = () => subject.app.inject({ method: 'GET', url: '/api/ready' });
  /** A 503 within two seconds, its message naming what is down: no waiting out a connection timeout. */
  const answersUnavailableAtOnce = async (naming: RegExp) => {
    const started = Date.now();
    const response = await ready();
    expect(response.statusCode).toBe(503);
    expect(response.json<{ message: string }>().message).toMatch(naming);
    expect(Date.now() - started).toBeLessThan(2_000);
  };
  const becomesReady = () => expect.poll(async () => (await ready()).statusCode, { timeout: 15_000, interval: 200 }).toBe(200);

  it('answers 200 while PostgreSQL and Redis both answer', async () => {
    const response = await ready();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready', database: 'postgres', jobs: 'queue' });
  });

  it('answers 503 with a message while PostgreSQL is unreachable, and 200 once it is back', async () => {
    // As when PostgreSQL goes down: it ends its sessions, then no one can connect.
    const closing = postgresRelay.refuseNew();
    await terminateSessions();
    await closing;
    await answersUnavailableAtOnce(/database/);
    await postgresRelay.restore();
    await becomesReady();
  });

  it('answers 503 with a message while Redis is unreachable, and 200 once it is back', async () => {
    const closing = redisRelay.refuseNew();
    redisRelay.dropConnections();
    await closing;
    await answersUnavailableAtOnce(/queue/);
    await redisRelay.restore();
    await becomesReady();
  });
});
