import { SERVER_MESSAGES } from '@breaker/api-contract';
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { appForSuite, TestClient } from '../app.test-support.js';
import { REFUSAL_PAUSE_MS } from './abuse-limits.js';

describe('abuse limits on sign-in calls', () => {
  const subject = appForSuite('pglite', { env: { ALLOW_DEV_LOGIN: 'true' } });

  it('slows one address down after 30 logins in 10 minutes, over REST and tRPC alike, and no one else', async () => {
    const noisy = new TestClient(subject.app);
    for (let i = 0; i < 15; i += 1) {
      expect(
        (await noisy.request('POST', '/api/auth/login', { username: `someone${i}`, password: 'wrong password' })).statusCode,
      ).toBe(401);
      expect(
        (await noisy.request('POST', '/trpc/auth.login', { username: `other${i}`, password: 'wrong password' })).statusCode,
      ).toBe(401);
    }
    const limited = await noisy.request('POST', '/api/auth/login', { username: 'someone', password: 'wrong password' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: SERVER_MESSAGES.tooManyRequests });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const limitedTrpc = await noisy.request('POST', '/trpc/auth.login', { username: 'someone', password: 'wrong password' });
    expect(limitedTrpc.statusCode).toBe(429);
    expect(limitedTrpc.headers['retry-after']).toBeDefined();

    const bystander = new TestClient(subject.app);
    await bystander.registerAndSignIn('bystander');
  });

  it('protects one account from guessing spread over many addresses, without locking out other accounts', async () => {
    const owner = new TestClient(subject.app);
    await owner.registerAndSignIn('target', 'the right one');
    for (let i = 0; i < 10; i += 1) {
      const guess = await new TestClient(subject.app).request('POST', '/api/auth/login', {
        username: 'target',
        password: `guess ${i}`,
      });
      expect(guess.statusCode).toBe(401);
    }
    const blocked = await new TestClient(subject.app).request('POST', '/api/auth/login', {
      username: 'TARGET',
      password: 'guess again',
    });
    expect(blocked.statusCode).toBe(429);
    await new TestClient(subject.app).registerAndSignIn('neighbour');
  });

  it('answers a refused attempt only after a pause, and answers others meanwhile', async () => {
    const hammering = new TestClient(subject.app);
    const attempt = () => hammering.request('POST', '/api/auth/login', { username: 'nobody', password: 'wrong password' });
    for (let i = 0; i < 10; i += 1) expect((await attempt()).statusCode).toBe(401);
    const started = performance.now();
    const answered: string[] = [];
    const refused = attempt().then((reply) => {
      answered.push('refused');
      return reply;
    });
    expect((await new TestClient(subject.app).request('GET', '/api/health')).statusCode).toBe(200);
    answered.push('bystander');
    expect((await refused).statusCode).toBe(429);
    expect(performance.now() - started).toBeGreaterThanOrEqual(REFUSAL_PAUSE_MS - 5);
    expect(answered).toEqual(['bystander', 'refused']);
  });

  it('limits registrations, reset requests and emergency logins per address', async () => {
    const client = new TestClient(subject.app);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      statuses.push(
        (
          await client.request('POST', '/api/auth/register', {
            username: `spam${i}`,
            email: `spam${i}@example.com`,
            password: 'secret1',
          })
        ).statusCode,
      );
    }
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses[10]).toBe(429);

    const forgetful = new TestClient(subject.app);
    const resets: number[] = [];
    for (let i = 0; i < 4; i += 1)
      resets.push((await forgetful.request('POST', '/api/auth/forgot-password', { email: 'same@example.com' })).statusCode);
    expect(resets).toEqual([200, 200, 200, 429]);

    const emergency = new TestClient(subject.app);
    const logins: number[] = [];
    for (let i = 0; i < 6; i += 1)
      logins.push((await emergency.request('POST', '/api/debug/bypass-login', { email: 'help@example.com' })).statusCode);
    expect(logins).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
