import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerRequestPriority } from './request-priority.js';

describe('registerRequestPriority', () => {
  it('marks each request as being served from its arrival until it is answered', async () => {
    const marks: string[] = [];
    const app = Fastify();
    registerRequestPriority(app, () => {
      marks.push('started');
      return () => marks.push('ended');
    });
    app.get('/slow', async () => {
      marks.push('handling');
      await new Promise((resolve) => setTimeout(resolve, 10));
      return { ok: true };
    });
    await app.inject({ method: 'GET', url: '/slow' });
    await app.inject({ method: 'GET', url: '/missing' });
    expect(marks).toEqual(['started', 'handling', 'ended', 'started', 'ended']);
    await app.close();
  });
});
