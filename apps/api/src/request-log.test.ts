import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from './app.test-support.js';
import { LEVEL, startLoggedApp, type LoggedApp, type LogLine } from './logged-app.test-support.js';

const PASSWORD = 'correct horse battery';
const RESET_TOKEN = 'reset-token-0123456789abcdef';

describe('request log lines', () => {
  let subject: LoggedApp;
  let client: TestClient;
  let userId: string;

  beforeAll(async () => {
    subject = await startLoggedApp();
    client = new TestClient(subject.app);
    ({ id: userId } = await client.registerAndSignIn('logged', PASSWORD));
  });
  afterAll(() => subject?.close());

  /** The lines of one request, once its response has been written. */
  async function linesOf(response: LightMyRequestResponse): Promise<LogLine[]> {
    const requestId = String(response.headers['x-request-id']);
    await expect.poll(() => subject.lines.some((line) => line['requestId'] === requestId)).toBe(true);
    return subject.lines.filter((line) => line['requestId'] === requestId);
  }

  it('write one line per request, when it completes, with the route, status, time and request id', async () => {
    const response = await client.request('GET', '/api/upcoming-breaks');
    expect(response.statusCode).toBe(200);
    const lines = await linesOf(response);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: LEVEL.info,
      msg: 'request completed',
      service: 'api',
      method: 'GET',
      url: '/api/upcoming-breaks',
      route: '/api/upcoming-breaks',
      statusCode: 200,
      responseTime: expect.any(Number),
    });
  });

  it('name the route pattern beside the path, whatever the answer', async () => {
    const refreshed = await client.request('POST', `/api/refresh-breakers/${userId}`);
    expect(refreshed.statusCode).toBe(200);
    expect(await linesOf(refreshed)).toEqual([
      expect.objectContaining({
        url: `/api/refresh-breakers/${userId}`,
        route: '/api/refresh-breakers/:userId',
        statusCode: 200,
      }),
    ]);
    const anonymous = await new TestClient(subject.app).request('GET', '/api/upcoming-breaks');
    expect(anonymous.statusCode).toBe(401);
    expect(await linesOf(anonymous)).toEqual([expect.objectContaining({ statusCode: 401, level: LEVEL.info })]);
  });

  it('never log cookies, passwords or the tokens of a query string', async () => {
    const page = await client.request('GET', `/reset-password?token=${RESET_TOKEN}`);
    expect(await linesOf(page)).toEqual([expect.objectContaining({ url: '/reset-password', statusCode: 404 })]);
    const reset = await client.request('POST', '/api/auth/reset-password', { token: RESET_TOKEN, password: PASSWORD });
    expect(reset.statusCode).toBeGreaterThanOrEqual(400);
    await linesOf(reset);
    const text = subject.text();
    const session = client.cookieHeader().split('=')[1] ?? '';
    expect(session.length).toBeGreaterThan(20);
    for (const secret of [session, PASSWORD, RESET_TOKEN]) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/cookie|authorization/i);
  });
});
