import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeGoogle } from '../fake-google.js';
import { callApi, eventsPath, signIn, startTestFake, type EventsPage } from '../fake-google.test-support.js';
import { DEMO_ACCOUNTS } from './demo-accounts.js';
import { demoMonday, demoWeek } from './demo-week.js';

const [alex] = DEMO_ACCOUNTS;

describe('the demo week', () => {
  let fake: FakeGoogle;
  beforeAll(async () => {
    fake = await startTestFake({ accounts: DEMO_ACCOUNTS.map(({ account }) => account) });
  });
  afterAll(() => fake.close());

  it('fills the current work week, or the next one at the weekend', () => {
    expect(demoMonday(new Date('2026-11-25T12:00:00Z'), 'Europe/Berlin')).toEqual({ year: 2026, month: 11, day: 23 });
    expect(demoMonday(new Date('2026-11-22T12:00:00Z'), 'Europe/Berlin')).toEqual({ year: 2026, month: 11, day: 23 });
    expect(demoMonday(new Date('2026-11-21T12:00:00Z'), 'America/New_York')).toEqual({ year: 2026, month: 11, day: 23 });
  });

  it('is a week the real API would accept, with the meetings Breaker must plan around', async () => {
    if (!alex) throw new Error('no demo account');
    const now = new Date('2026-11-25T12:00:00Z');
    fake.setEvents(alex.account.email, 'primary', demoWeek(alex.account, alex.colleagues, now));
    const { access_token: token } = await signIn(fake, { loginHint: alex.account.email });
    const response = await callApi(
      fake,
      token,
      eventsPath({
        timeMin: '2026-11-23T00:00:00+01:00',
        timeMax: '2026-11-28T00:00:00+01:00',
        singleEvents: 'true',
        orderBy: 'startTime',
      }),
    );
    const page = (await response.json()) as EventsPage;
    const summaries = page.items.map((item) => `${String(item.summary)} ${item.start?.dateTime ?? ''}`);
    expect(summaries).toContain('Daily standup 2026-11-23T09:30:00+01:00');
    expect(summaries).toContain('Daily standup (early) 2026-11-25T09:00:00+01:00');
    expect(summaries).not.toContain('Daily standup 2026-11-27T09:30:00+01:00');
    expect(summaries).toContain('Weekly planning 2026-11-23T14:00:00+01:00');
    expect(summaries).toContain('Out of office 2026-11-27T00:00:00+01:00');
    expect(page.items.find((item) => item.summary === 'Focus')).toMatchObject({ transparency: 'transparent' });
    expect(page.items.find((item) => item.summary === 'Vendor demo')).toMatchObject({
      attendees: [{ email: alex.account.email, self: true, responseStatus: 'declined' }, { responseStatus: 'accepted' }],
    });
    expect(page.items.find((item) => item.summary === 'Product discovery workshop')).toMatchObject({
      start: { dateTime: '2026-11-25T10:00:00+01:00' },
      end: { dateTime: '2026-11-25T13:30:00+01:00' },
    });
  });
});
