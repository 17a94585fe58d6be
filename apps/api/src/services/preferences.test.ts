import { VALIDATION, type Preferences } from '@breaker/api-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TestClient, type AppUnderTest } from '../app.test-support.js';

async function adopt(client: TestClient, timezone: string) {
  const response = await client.request('POST', '/trpc/preferences.adoptTimeZone', { timezone });
  const body = response.json<{ result?: { data: Preferences }; error?: { message: string } }>();
  return { status: response.statusCode, preferences: body.result?.data, message: body.error?.message };
}

const hourIn = (iso: string, timeZone: string): number =>
  Number(new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(new Date(iso)));

describe.each(['pglite', 'postgres'] as const)('adopting the browser time zone on %s', (backend) => {
  let subject: AppUnderTest;
  beforeAll(async () => {
    subject = await startTestApp(backend);
  });
  afterAll(async () => subject.close());

  it('keeps the first zone for a user who never chose one, and never overrides a chosen one', async () => {
    const client = new TestClient(subject.app);
    await client.registerAndSignIn('grace');
    expect((await client.request('GET', '/api/user/preferences')).json<Preferences>().timezone).toBeNull();

    expect(await adopt(client, 'Europe/Berlin')).toMatchObject({ status: 200, preferences: { timezone: 'Europe/Berlin' } });
    expect(await adopt(client, 'America/New_York')).toMatchObject({ status: 200, preferences: { timezone: 'Europe/Berlin' } });
    expect((await client.request('GET', '/api/user/preferences')).json<Preferences>().timezone).toBe('Europe/Berlin');
  });

  it('refuses a zone that does not exist and a caller who is not signed in', async () => {
    const client = new TestClient(subject.app);
    await client.registerAndSignIn('hedy');
    expect(await adopt(client, 'Mars/Olympus')).toMatchObject({ status: 400, message: VALIDATION.timezone });
    expect((await client.request('GET', '/api/user/preferences')).json<Preferences>().timezone).toBeNull();
    expect((await adopt(new TestClient(subject.app), 'Europe/Berlin')).status).toBe(401);
  });

  it('plans breaks inside the work hours of the adopted zone', async () => {
    const client = new TestClient(subject.app);
    const user = await client.registerAndSignIn('margaret');
    const saved = await client.request('PUT', '/api/user/preferences', {
      preferences: { workStartTime: '08:00', workEndTime: '17:00', workDays: [1, 2, 3, 4, 5, 6, 7] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await adopt(client, 'Asia/Tokyo')).status).toBe(200);

    expect((await client.request('POST', `/api/refresh-breakers/${user.id}`)).statusCode).toBe(200);
    const breaks = (await client.request('GET', '/api/upcoming-breaks')).json<{ scheduledTime: string }[]>();
    expect(breaks.length).toBeGreaterThan(0);
    // 08:00–17:00 in Tokyo is 23:00–08:00 UTC: breaks planned in UTC would fall outside these hours.
    for (const session of breaks) expect(hourIn(session.scheduledTime, 'Asia/Tokyo')).toBeGreaterThanOrEqual(8);
    for (const session of breaks) expect(hourIn(session.scheduledTime, 'Asia/Tokyo')).toBeLessThan(17);
  });
});
