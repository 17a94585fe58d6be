import { REQUEST_BODY_LIMIT_BYTES, REQUEST_JSON_MAX_DEPTH, SERVER_MESSAGES } from '@breaker/api-contract';
import fc from 'fast-check';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, startTestApp, TestClient, type AppUnderTest } from '../app.test-support.js';
import { assertJsonDepth } from './body-limits.js';

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('request body limits', () => {
  let subject: AppUnderTest;
  let client: TestClient;
  beforeAll(async () => {
    subject = await startTestApp('pglite');
    client = new TestClient(subject.app);
    await client.registerAndSignIn('ada');
  });
  afterAll(() => subject?.close());

  const post = (url: string, payload: string, cookie?: string) =>
    subject.app.inject({
      method: 'POST',
      url,
      headers: { origin: ORIGIN, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      payload,
    });

  it('refuses a signed-out body over the signed-out bound with a 413 and a message', async () => {
    const padding = 'p'.repeat(REQUEST_BODY_LIMIT_BYTES.signedOut);
    const response = await post('/api/auth/login', JSON.stringify({ username: 'ada', password: padding }));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: SERVER_MESSAGES.bodyTooLarge });
  });

  it('counts a chunked signed-out body as it streams in', async () => {
    const address = await subject.app.listen({ port: 0, host: '127.0.0.1' });
    const status = await new Promise<number>((done, fail) => {
      const outgoing = request(`${address}/api/auth/login`, {
        method: 'POST',
        headers: { origin: ORIGIN, 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      });
      outgoing.on('response', (response) => {
        response.resume();
        done(response.statusCode ?? 0);
      });
      outgoing.on('error', fail);
      for (let sent = 0; sent <= REQUEST_BODY_LIMIT_BYTES.signedOut; sent += 1024) outgoing.write(' '.repeat(1024));
      outgoing.end('{}');
    });
    expect(status).toBe(413);
  });

  it('still takes a signed-in body over the signed-out bound', async () => {
    const notes = 'n'.repeat(REQUEST_BODY_LIMIT_BYTES.signedOut);
    const response = await post('/api/auth/logout', JSON.stringify({ notes }), client.cookieHeader());
    expect(response.statusCode).not.toBe(413);
  });

  it('refuses JSON nested past the bound, on REST and tRPC, signed in or out, before parsing it', async () => {
    const deep = nested(REQUEST_JSON_MAX_DEPTH + 1);
    const answers = [
      await post('/api/auth/register', deep),
      await post('/trpc/auth.login', deep),
      await post('/trpc/preferences.update', deep, client.cookieHeader()),
      await subject.app.inject({ method: 'GET', url: `/trpc/activities.list?input=${encodeURIComponent(deep)}` }),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ message: SERVER_MESSAGES.bodyTooDeep });
    }
  });
});

describe('assertJsonDepth', () => {
  it('accepts any JSON within the bound and refuses any past it, brackets inside strings aside', () => {
    const within = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.string(),
        fc.integer(),
        fc.array(tie('value'), { maxLength: 3 }),
        fc.dictionary(fc.string(), tie('value'), { maxKeys: 3 }),
      ),
    })).value;
    fc.assert(
      fc.property(within, fc.integer({ min: 1, max: 200 }), (value, extra) => {
        const text = JSON.stringify(value);
        const depth = jsonDepth(value);
        if (depth <= REQUEST_JSON_MAX_DEPTH) expect(() => assertJsonDepth(text)).not.toThrow();
        const wrapped = '['.repeat(REQUEST_JSON_MAX_DEPTH + extra) + text + ']'.repeat(REQUEST_JSON_MAX_DEPTH + extra);
        expect(() => assertJsonDepth(wrapped)).toThrow(SERVER_MESSAGES.bodyTooDeep);
      }),
    );
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    expect(() => assertJsonDepth(JSON.stringify({ text: `\\"${nested(1000)}` }))).not.toThrow();
  });
});

function jsonDepth(value: unknown): number {
  if (Array.isArray(value)) return 1 + Math.max(0, ...value.map(jsonDepth));
  if (value !== null && typeof value === 'object') return 1 + Math.max(0, ...Object.values(value).map(jsonDepth));
  return 0;
}
