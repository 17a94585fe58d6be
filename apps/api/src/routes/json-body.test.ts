import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, startTestApp, TestClient, type AppUnderTest } from '../app.test-support.js';

describe('JSON bodies', () => {
  let subject: AppUnderTest;
  let client: TestClient;
  let userId: string;
  beforeAll(async () => {
    subject = await startTestApp('pglite');
    client = new TestClient(subject.app);
    userId = (await client.registerAndSignIn('ada')).id;
  });
  afterAll(() => subject?.close());

  /** As `fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' } })` sends it. */
  const postEmptyJson = (url: string) => client.send('POST', url, { origin: ORIGIN, 'content-type': 'application/json' }, '');

  it('accepts the calls the spec makes without a body when they are sent as empty JSON', async () => {
    const refreshed = await postEmptyJson(`/api/refresh-breakers/${userId}`);
    expect(refreshed.statusCode).toBe(200);
    const synced = await postEmptyJson(`/api/calendar/sync/${userId}`);
    expect(synced.statusCode).toBe(200);
    expect(synced.json()).toMatchObject({ needsConnection: true });
    const signedOut = await postEmptyJson('/api/auth/logout');
    expect(signedOut.statusCode).toBe(200);
    expect(signedOut.json()).toEqual({ ok: true });
    expect((await client.send('GET', '/api/auth/user', {})).statusCode).toBe(401);
  });

  it('answers an empty JSON body where a body is needed with the schema message', async () => {
    const other = new TestClient(subject.app);
    await other.registerAndSignIn('grace');
    const response = await other.send('PUT', '/api/user/preferences', { origin: ORIGIN, 'content-type': 'application/json' }, '');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: expect.any(String) });
  });

  it('keeps malformed JSON and prototype poisoning a 400 with a message', async () => {
    for (const payload of [
      '{',
      ' ',
      '{"username": "ada",}',
      '{"__proto__": {"admin": true}}',
      '{"constructor": {"prototype": {}}}',
    ]) {
      const response = await new TestClient(subject.app).send(
        'POST',
        '/api/auth/login',
        { origin: ORIGIN, 'content-type': 'application/json; charset=utf-8' },
        payload,
      );
      expect({ payload, status: response.statusCode }).toEqual({ payload, status: 400 });
      expect(response.json().message).toMatch(/^The request body is not valid JSON: \w/);
    }
  });
});
