import { Queue, Worker } from 'bullmq';
import { spawn, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { createServer } from 'node:net';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkerConnection } from './queue-connection.js';
import { watchRedisOutages } from '@breaker/jobs';

const OUTAGE = 'warn: Redis is unreachable: jobs wait until it is back';
const BACK = 'info: Redis is reachable again';

function collectingLog(lines: string[]) {
  return {
    warn: (_details: object, message: string) => lines.push(`warn: ${message}`),
    info: (message: string) => lines.push(`info: ${message}`),
    error: (details: { queue?: string; err?: Error }, message: string) =>
      lines.push(`error: ${message} (${details.queue}): ${details.err?.message}`),
  };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.once('error', reject);
  });
}

/** A redis-server of this test's own, without persistence, so stopping it troubles nobody else. */
async function startRedis(port: number): Promise<ChildProcess> {
  const server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no']);
  await new Promise<void>((resolve, reject) => {
    let output = '';
    server.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) resolve();
    });
    server.once('error', reject);
    server.once('exit', (code) => reject(new Error(`redis-server exited with ${code}: ${output}`)));
  });
  return server;
}

async function stopRedis(server: ChildProcess | undefined): Promise<void> {
  if (!server || server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}

describe('Redis outages in the worker log', () => {
  it('tells a worker error that is not about the connection apart from an outage', () => {
    const connection = new EventEmitter();
    const worker = Object.assign(new EventEmitter(), { name: 'place-breaks' });
    const lines: string[] = [];
    watchRedisOutages(connection as unknown as Redis, [worker], collectingLog(lines), 'jobs wait until it is back');
    worker.emit('error', new Error('Missing lock for job 7. moveToFinished'));
    worker.emit('error', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6379'), { code: 'ECONNREFUSED' }));
    worker.emit('error', new Error('Connection is closed.'));
    connection.emit('ready');
    expect(lines).toEqual(['error: queue error (place-breaks): Missing lock for job 7. moveToFinished', OUTAGE, BACK]);
  });

  describe('with a real Redis that goes away and comes back', () => {
    const lines: string[] = [];
    let port: number;
    let redis: ChildProcess | undefined;
    let connection: Redis;
    let queue: Queue;
    let workers: Worker[];

    beforeAll(async () => {
      port = await freePort();
      redis = await startRedis(port);
      connection = createWorkerConnection(`redis://127.0.0.1:${port}`);
      queue = new Queue('outage-a', { connection });
      workers = ['outage-a', 'outage-b', 'outage-c'].map((name) => new Worker(name, async () => 'done', { connection }));
      watchRedisOutages(connection, [queue, ...workers], collectingLog(lines), 'jobs wait until it is back');
      await Promise.all(workers.map((worker) => worker.waitUntilReady()));
    });
    afterAll(async () => {
      await Promise.all(workers.map((worker) => worker.close(true)));
      await queue.close();
      connection.disconnect();
      await stopRedis(redis);
    });

    it('warns once while every connection keeps failing, and says once when Redis is back', async () => {
      await stopRedis(redis);
      await expect.poll(() => lines, { timeout: 10_000 }).toContain(OUTAGE);
      // Several reconnect attempts of every worker and queue fail meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect(lines).toEqual([OUTAGE]);
      redis = await startRedis(port);
      await expect.poll(() => lines, { timeout: 10_000 }).toContain(BACK);
      const job = await queue.add('after', {});
      await expect.poll(() => job.getState(), { timeout: 10_000 }).toBe('completed');
      expect(lines).toEqual([OUTAGE, BACK]);
    });
  });
});
