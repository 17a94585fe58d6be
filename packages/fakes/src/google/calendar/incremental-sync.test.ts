import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeGoogle } from '../fake-google.js';
import { callApi, eventsPath, loadFixture, signIn, startTestFake, USER, type EventsPage } from '../fake-google.test-support.js';

const at = (hour: number): { dateTime: string; timeZone: string } => ({
  dateTime: `2025-03-24T${String(hour).padStart(2, '0')}:00:00`,
  timeZone: 'America/Chicago',
});

describe('incremental sync', () => {
  let fake: FakeGoogle;
  let token: string;
  const list = async (query: Record<string, string>, calendarId = 'primary'): Promise<EventsPage> => {
    const response = await callApi(fake, token, eventsPath(query, calendarId));
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as EventsPage;
  };
  /** Pages through a full listing; the sync token comes with the last page. */
  const fullSync = async (query: Record<string, string> = {}): Promise<string> => {
    let page = await list(query);
    while (page.nextPageToken) page = await list({ ...query, pageToken: page.nextPageToken });
    return page.nextSyncToken ?? '';
  };

  beforeAll(async () => {
    fake = await startTestFake();
    token = (await signIn(fake)).access_token;
    fake.addCalendar(USER, { id: 'team@group.calendar.google.com', summary: 'Team' });
  });
  afterAll(() => fake.close());

  it('returns only what changed since the sync token, deleted events as minimal cancelled entries', async () => {
    fake.setEvents(USER, 'primary', [
      { id: 'keepsame', summary: 'Unchanged', start: at(9), end: at(10) },
      { id: 'willmove', summary: 'Moved later', start: at(11), end: at(12) },
      { id: 'willdelete', summary: 'Deleted later', start: at(13), end: at(14) },
    ]);
    const syncToken = await fullSync();

    fake.upsertEvent(USER, 'primary', { id: 'willmove', summary: 'Moved later', start: at(15), end: at(16) });
    fake.deleteEvent(USER, 'primary', 'willdelete');
    const inserted = await callApi(fake, token, eventsPath(), {
      method: 'POST',
      body: JSON.stringify({ summary: 'Breaker: stretch', start: at(10), end: at(11) }),
    });
    const { id: insertedId } = (await inserted.json()) as { id: string };

    const changes = await list({ syncToken });
    expect(changes.items.map((item) => item.id)).toEqual(['willmove', 'willdelete', insertedId]);
    expect(changes.items[1]).toEqual({ kind: 'calendar#event', etag: expect.any(String), id: 'willdelete', status: 'cancelled' });
    expect(changes.nextSyncToken).toEqual(expect.any(String));

    const nothing = await list({ syncToken: changes.nextSyncToken ?? '' });
    expect(nothing.items).toEqual([]);
  });

  it('reports a deleted instance of a series as a cancelled instance when syncing single events', async () => {
    fake.setEvents(
      USER,
      'primary',
      loadFixture<{ items: [] }>('calendar.events.list.200.recurring-with-modified-instance.json').items,
    );
    const syncToken = await fullSync({ singleEvents: 'true' });
    fake.deleteEvent(USER, 'primary', '68k0p6ackplecqs9fuvbs1fju0_20250326T123000Z');
    const changes = await list({ syncToken, singleEvents: 'true' });
    expect(changes.items).toEqual([
      {
        kind: 'calendar#event',
        etag: expect.any(String),
        id: '68k0p6ackplecqs9fuvbs1fju0_20250326T123000Z',
        status: 'cancelled',
        recurringEventId: '68k0p6ackplecqs9fuvbs1fju0',
        originalStartTime: { dateTime: '2025-03-26T07:30:00-05:00', timeZone: 'America/Chicago' },
      },
    ]);
  });

  it('answers 410 fullSyncRequired once sync tokens are invalidated, and for a token of another calendar', async () => {
    const syncToken = await fullSync();
    const teamToken = (await list({}, 'team@group.calendar.google.com')).nextSyncToken ?? '';
    const crossed = await callApi(fake, token, eventsPath({ syncToken: teamToken }));
    expect(crossed.status).toBe(410);

    fake.invalidateSyncTokens(USER);
    const gone = await callApi(fake, token, eventsPath({ syncToken }));
    expect(gone.status).toBe(410);
    expect(gone.headers.get('content-type')).toBe('application/json; charset=UTF-8');
    expect((await gone.text()).trim()).toBe(JSON.stringify(loadFixture('calendar.error.410-fullSyncRequired.json'), null, 2));

    expect((await list({ syncToken: await fullSync() })).items).toEqual([]);
  });

  it('refuses syncToken together with timeMin, timeMax, orderBy or q', async () => {
    const syncToken = await fullSync();
    const clashes: Array<Record<string, string>> = [
      { timeMin: '2025-03-24T00:00:00Z' },
      { timeMax: '2025-03-24T00:00:00Z' },
      { orderBy: 'updated' },
      { q: 'x' },
    ];
    for (const clash of clashes) {
      const response = await callApi(fake, token, eventsPath({ syncToken, ...clash }));
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        error: { code: 400, errors: [{ reason: 'invalid', location: Object.keys(clash)[0] }] },
      });
    }
  });
});
