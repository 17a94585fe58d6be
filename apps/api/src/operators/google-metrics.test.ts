import { GRACE_HOPPER, startFakeGoogle, type FakeGoogle } from '@breaker/fakes/google';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppUnderTest, fakeGoogleEnv, GOOGLE_TEST_CLIENT, startTestApp, TestClient } from '../app.test-support.js';

const TOKEN = 'operator-token-for-google-metrics';
const EMAIL = GRACE_HOPPER.email;
const EVENTS_LIST = '/calendar/v3/calendars/primary/events';

function googleCalls(metrics: string, outcome: string): number {
  const line = metrics
    .split('\n')
    .find(
      (l) =>
        l.startsWith('breaker_provider_api_calls_total{') &&
        l.includes('provider="google"') &&
        l.includes(`outcome="${outcome}"`),
    );
  return line === undefined ? 0 : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('Google API calls in the metrics, through the fake Google', () => {
  let google: FakeGoogle;
  let subject: AppUnderTest;
  let client: TestClient;
  let userId: string;
  const scrape = async () => {
    const response = await subject.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  beforeAll(async () => {
    google = await startFakeGoogle({ clients: [GOOGLE_TEST_CLIENT], accounts: [GRACE_HOPPER], autoApprove: true });
    subject = await startTestApp('pglite', {
      env: {
        OPERATOR_TOKEN: TOKEN,
        ...fakeGoogleEnv(google.origin),
      },
    });
    client = new TestClient(subject.app);
    userId = (await client.registerAndSignIn('grace')).id;
    const { authorize } = await client.redirectToProvider('/api/auth/google/calendar');
    authorize.searchParams.set('login_hint', EMAIL);
    expect((await client.returnFromProvider(authorize)).headers.location).toBe('/calendar?success=calendar_connected');
  });
  afterAll(async () => {
    await subject?.close();
    await google?.close();
  });

  it('counts successful, retried and rate-limited calendar reads', async () => {
    const before = await scrape();
    google.failNext({ path: EVENTS_LIST, status: 503 });
    google.failNext({ path: EVENTS_LIST, status: 429 });
    const synced = await client.request('POST', `/api/calendar/sync/${userId}`);
    expect(synced.statusCode).toBe(200);
    const after = await scrape();
    expect(googleCalls(after, 'retry') - googleCalls(before, 'retry')).toBe(1);
    expect(googleCalls(after, 'rate-limited') - googleCalls(before, 'rate-limited')).toBe(1);
    expect(googleCalls(after, 'ok') - googleCalls(before, 'ok')).toBeGreaterThanOrEqual(1);
    expect(after).toMatch(/breaker_job_duration_seconds_count\{[^}]*queue="calendar-sync"[^}]*outcome="completed"/);
  });
});
