import { SERVER_MESSAGES, TRPC_MAX_BATCH_SIZE } from '@breaker/api-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appForSuite, type AppUnderTest, ORIGIN, startTestApp, TestClient } from '../app.test-support.js';

/** The catalogue is the largest answer anyone may ask for without signing in. */
const batchOf = (calls: number) => `/trpc/${Array(calls).fill('activities.list').join(',')}?batch=1`;

/** The slowest `/api/health` answer while `work` is in flight, asked for again and again until it settles. */
async function worstHealthWhile<T>(address: string, work: Promise<T>): Promise<{ result: T; worstHealthMs: number }> {
  let settled = false;
  const tracked = work.finally(() => {
    settled = true;
  });
  let worstHealthMs = 0;
  while (!settled) {
    const started = performance.now();
    const health = await fetch(`${address}/api/health`);
    expect(health.status).toBe(200);
    worstHealthMs = Math.max(worstHealthMs, performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return { result: await tracked, worstHealthMs };
}

/** Generous for a busy machine; a request that holds the event loop holds it for seconds. */
const RESPONSIVE_MS = 1000;

// The embedded database runs on the API's own event loop, so every query a request causes delays everyone else.
describe('what one anonymous tRPC request may cost', () => {
  let subject: AppUnderTest;
  let address: string;
  beforeAll(async () => {
    subject = await startTestApp('pglite');
    address = await subject.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await subject?.close();
  });

  it(`refuses a batch of more than ${TRPC_MAX_BATCH_SIZE} calls with a 400 and a message`, async () => {
    for (const url of [
      batchOf(TRPC_MAX_BATCH_SIZE + 1),
      batchOf(300),
      `/trpc/${Array(11).fill('auth.user').join('%2C')}?batch=1`,
      `/%74rpc/${Array(11).fill('activities.list').join(',')}?batch=1`,
    ]) {
      const response = await subject.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: SERVER_MESSAGES.batchTooLarge });
    }
  });

  it('keeps /api/health responsive while a request for 300 calls arrives', async () => {
    const flood = fetch(`${address}${batchOf(300)}`).then(async (response) => ({
      status: response.status,
      bytes: (await response.arrayBuffer()).byteLength,
    }));
    const { result, worstHealthMs } = await worstHealthWhile(address, flood);
    expect(result.status).toBe(400);
    expect(worstHealthMs).toBeLessThan(RESPONSIVE_MS);
  });

  it('answers the largest allowed anonymous batch in full, in under a megabyte, with /api/health responsive', async () => {
    const largest = fetch(`${address}${batchOf(TRPC_MAX_BATCH_SIZE)}`).then(async (response) => ({
      status: response.status,
      body: await response.text(),
    }));
    const { result, worstHealthMs } = await worstHealthWhile(address, largest);
    expect(result.status).toBe(200);
    const answers = JSON.parse(result.body) as { result: { data: unknown[] } }[];
    expect(answers).toHaveLength(TRPC_MAX_BATCH_SIZE);
    expect(answers[0]!.result.data.length).toBeGreaterThan(0);
    expect(Buffer.byteLength(result.body)).toBeLessThan(1024 * 1024);
    expect(worstHealthMs).toBeLessThan(RESPONSIVE_MS);
  });
});

describe('tRPC calls without input', () => {
  const subject = appForSuite('pglite');

  const post = (client: TestClient, url: string, contentType: string, payload: string) =>
    client.send('POST', url, { origin: ORIGIN, 'content-type': contentType }, payload);

  it('refuse malformed JSON with a 400 and a message, and do nothing', async () => {
    const client = new TestClient(subject.app);
    await client.registerAndSignIn('nobody-json');
    const response = await post(client, '/trpc/auth.logout', 'application/json', '{"0": ');
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: { message: string } }>().error.message).toMatch(/\S/);
    // Still signed in: the refused sign-out did not run.
    expect((await client.request('GET', '/api/auth/user')).statusCode).toBe(200);
  });

  it('refuse multipart, binary and text bodies with a 415 and a message, and do nothing', async () => {
    const client = new TestClient(subject.app);
    await client.registerAndSignIn('nobody-multipart');
    const bodies = [
      {
        contentType: 'multipart/form-data; boundary=x',
        payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n',
      },
      { contentType: 'application/octet-stream', payload: '\u0000\u0001' },
      { contentType: 'text/plain', payload: '{}' },
    ];
    for (const url of ['/trpc/auth.logout', '/trpc/auth.clearSessions', '/trpc/auth.login']) {
      for (const body of bodies) {
        const response = await post(client, url, body.contentType, body.payload);
        expect(response.statusCode).toBe(415);
        expect(response.json()).toEqual({ message: SERVER_MESSAGES.inputNotJson });
      }
    }
    expect((await client.request('GET', '/api/auth/user')).statusCode).toBe(200);
  });

  it('take an empty JSON body as no input, as the REST calls do', async () => {
    const client = new TestClient(subject.app);
    await client.registerAndSignIn('nobody-empty');
    const logout = await post(client, '/trpc/auth.logout', 'application/json', '');
    expect(logout.statusCode).toBe(200);
    expect((await client.request('GET', '/api/auth/user')).statusCode).toBe(401);
    const login = await post(client, '/trpc/auth.login', 'application/json', '');
    expect(login.statusCode).toBe(400);
    expect(login.json<{ error: { message: string } }>().error.message).toMatch(/\S/);
  });

  it('refuse a query whose input is not JSON', async () => {
    const response = await subject.app.inject({ method: 'GET', url: '/trpc/auth.capabilities?input=%7Bnot-json' });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: { message: string } }>().error.message).toMatch(/\S/);
  });

  it('still answer the web app’s own calls', async () => {
    const client = new TestClient(subject.app);
    await client.registerAndSignIn('somebody-input');
    const logout = await post(client, '/trpc/auth.logout', 'application/json', '{}');
    expect(logout.statusCode).toBe(200);
    const capabilities = await subject.app.inject({
      method: 'GET',
      url: '/trpc/auth.capabilities,auth.user?batch=1&input=%7B%7D',
    });
    expect(capabilities.statusCode).toBe(200);
  });
});
