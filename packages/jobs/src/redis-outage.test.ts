import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { watchRedisOutages } from './redis-outage.js';

describe('Redis outages in the logs', () => {
  it('warns once per outage however many connections fail how often, and says when Redis is back', () => {
    const connection = new EventEmitter();
    const queue = new EventEmitter();
    const lines: string[] = [];
    const log = {
      warn: (_details: object, message: string) => lines.push(`warn: ${message}`),
      info: (message: string) => lines.push(`info: ${message}`),
      error: (_details: object, message: string) => lines.push(`error: ${message}`),
    };
    watchRedisOutages(connection as unknown as Redis, [queue], log, 'refresh and sync answer 503 until it is back');
    const refused = new Error('connect ECONNREFUSED 127.0.0.1:6379');
    for (let attempt = 0; attempt < 5; attempt += 1) {
      connection.emit('error', refused);
      queue.emit('error', refused);
    }
    connection.emit('ready');
    connection.emit('ready');
    queue.emit('error', refused);
    expect(lines).toEqual([
      'warn: Redis is unreachable: refresh and sync answer 503 until it is back',
      'info: Redis is reachable again',
      'warn: Redis is unreachable: refresh and sync answer 503 until it is back',
    ]);
  });
});
