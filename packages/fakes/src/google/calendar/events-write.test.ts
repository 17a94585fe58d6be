import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeGoogle } from '../fake-google.js';
import {
  callApi,
  eventsPath,
  loadFixture,
  SCOPES,
  signIn,
  startTestFake,
  USER,
  type EventsPage,
} from '../fake-google.test-support.js';

interface DocumentedErrors {
  errors: Array<{ name: string; body: unknown }>;
}

const documented = (name: string): unknown =>
  loadFixture<DocumentedErrors>('calendar.errors.documented-all.json').errors.find((error) => error.name === name)?.body;

const breakEvent = {
  summary: 'Breaker: breathing break',
  start: { dateTime: '2025-03-24T10:00:00-05:00' },
  end: { dateTime: '2025-03-24T10:10:00-05:00' },
  transparency: 'transparent',
  extendedProperties: { private: { breakerBreakId: 'brk_1' } },
};

describe('events.insert, get, patch, update and delete', () => {
  let fake: FakeGoogle;
  let token: string;
  const send = async (
    method: string,
    path: string,
    body?: unknown,
    accessToken = token,
  ): Promise<{ status: number; body: Record<string, unknown> }> => {
    const response = await callApi(fake, accessToken, path, {
      method,
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: response.status === 204 ? {} : ((await response.json()) as Record<string, unknown>) };
  };

  beforeAll(async () => {
    fake = await startTestFake();
    token = (await signIn(fake)).access_token;
    fake.addCalendar(USER, {
      id: 'en.usa#holiday@group.v.calendar.google.com',
      summary: 'Holidays in United States',
      accessRole: 'reader',
    });
  });
  afterAll(() => fake.close());

  it('inserts an event and returns it as Google stores it', async () => {
    const { status, body } = await send('POST', eventsPath(), breakEvent);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      kind: 'calendar#event',
      status: 'confirmed',
      summary: 'Breaker: breathing break',
      creator: { email: USER, self: true },
      organizer: { email: USER, self: true },
      start: { dateTime: '2025-03-24T10:00:00-05:00' },
      transparency: 'transparent',
      sequence: 0,
      extendedProperties: { private: { breakerBreakId: 'brk_1' } },
      reminders: { useDefault: true },
      eventType: 'default',
    });
    expect(body.id).toMatch(/^[a-v0-9]{26}$/);
    expect(body.etag).toMatch(/^"\d+"$/);
    expect(body.iCalUID).toBe(`${String(body.id)}@google.com`);
    expect(body.htmlLink).toMatch(/^https:\/\/www\.google\.com\/calendar\/event\?eid=/);
    expect(body.created).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000Z$/);
    expect(fake.storedEvents(USER, 'primary').map((event) => event.id)).toContain(body.id);
    expect((await send('GET', `${eventsPath()}/${String(body.id)}`)).body).toEqual(body);
  });

  it('keeps conferenceData only for a client that supports it, and never takes hangoutLink from one', async () => {
    const conferenceData = {
      conferenceId: 'abc-defg-hij',
      conferenceSolution: { key: { type: 'hangoutsMeet' }, name: 'Google Meet' },
      entryPoints: [
        { entryPointType: 'video', uri: 'https://meet.google.com/abc-defg-hij', label: 'meet.google.com/abc-defg-hij' },
      ],
    };
    const asked = { ...breakEvent, conferenceData, hangoutLink: 'https://meet.google.com/abc-defg-hij' };
    const ignored = (await send('POST', eventsPath(), asked)).body;
    expect(ignored).not.toHaveProperty('conferenceData');
    expect(ignored).not.toHaveProperty('hangoutLink');

    const kept = (await send('POST', `${eventsPath()}?conferenceDataVersion=1`, asked)).body;
    expect(kept.conferenceData).toEqual(conferenceData);
    expect(kept).not.toHaveProperty('hangoutLink');
    // An update at version 0 keeps the event's conference.
    const updated = (await send('PUT', `${eventsPath()}/${String(kept.id)}`, { ...breakEvent, summary: 'Moved' })).body;
    expect(updated.conferenceData).toEqual(conferenceData);

    const meet = fake.upsertEvent(USER, 'primary', { ...asked, transparency: 'opaque', id: 'meetseeded1' });
    expect(meet.hangoutLink).toBe('https://meet.google.com/abc-defg-hij');
    const patched = (await send('PATCH', `${eventsPath()}/meetseeded1`, { summary: 'Renamed', hangoutLink: 'https://x.test/' }))
      .body;
    expect(patched.hangoutLink).toBe('https://meet.google.com/abc-defg-hij');
    expect(patched.conferenceData).toEqual(conferenceData);
  });

  it('refuses events Google refuses', async () => {
    const missingEnd = await send('POST', eventsPath(), { summary: 'x', start: breakEvent.start });
    expect(missingEnd).toEqual({
      status: 400,
      body: {
        error: {
          errors: [{ domain: 'global', reason: 'required', message: 'Missing end time.' }],
          code: 400,
          message: 'Missing end time.',
        },
      },
    });
    const recurringWithoutZone = await send('POST', eventsPath(), { ...breakEvent, recurrence: ['RRULE:FREQ=DAILY'] });
    expect(recurringWithoutZone.body).toMatchObject({ error: { message: 'Missing time zone definition for start time.' } });
    const allDayOutOfOffice = await send('POST', eventsPath(), {
      eventType: 'outOfOffice',
      start: { date: '2025-03-24' },
      end: { date: '2025-03-25' },
    });
    expect(allDayOutOfOffice.body).toMatchObject({ error: { message: 'Out of office events cannot be all-day events.' } });
    const backwards = await send('POST', eventsPath(), { start: breakEvent.end, end: breakEvent.start });
    expect(backwards.body).toEqual(loadFixture('calendar.error.400-timeRangeEmpty.json'));

    const first = await send('POST', eventsPath(), { ...breakEvent, id: 'breakerbrk1' });
    expect(first.status).toBe(200);
    expect(await send('POST', eventsPath(), { ...breakEvent, id: 'breakerbrk1' })).toEqual({
      status: 409,
      body: documented('409-duplicate'),
    });
    expect((await send('POST', eventsPath(), { ...breakEvent, id: 'Not_Base32' })).status).toBe(400);
  });

  it('patches by merging, updates by replacing, and counts a time change in sequence', async () => {
    const { body: created } = await send('POST', eventsPath(), breakEvent);
    const path = `${eventsPath()}/${String(created.id)}`;
    const patched = await send('PATCH', path, {
      summary: 'Breaker: walk',
      extendedProperties: { private: { kind: 'walk' } },
      start: { dateTime: '2025-03-24T11:00:00-05:00' },
      end: { dateTime: '2025-03-24T11:15:00-05:00' },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      id: created.id,
      created: created.created,
      summary: 'Breaker: walk',
      transparency: 'transparent',
      extendedProperties: { private: { breakerBreakId: 'brk_1', kind: 'walk' } },
      sequence: 1,
    });
    expect(patched.body.etag).not.toBe(created.etag);

    const replaced = await send('PUT', path, { summary: 'Replaced', start: breakEvent.start, end: breakEvent.end });
    expect(replaced.body).toMatchObject({ id: created.id, summary: 'Replaced', sequence: 2 });
    expect(replaced.body).not.toHaveProperty('extendedProperties');
    expect(replaced.body).not.toHaveProperty('transparency');
  });

  it('turns a patched instance into an exception of its series', async () => {
    const { body: series } = await send('POST', eventsPath(), {
      summary: 'Standup',
      start: { dateTime: '2025-03-24T09:30:00', timeZone: 'America/Chicago' },
      end: { dateTime: '2025-03-24T09:45:00', timeZone: 'America/Chicago' },
      recurrence: ['RRULE:FREQ=DAILY;COUNT=3'],
    });
    const instanceId = `${String(series.id)}_20250325T143000Z`;
    const moved = await send('PATCH', `${eventsPath()}/${instanceId}`, {
      start: { dateTime: '2025-03-25T10:00:00-05:00' },
      end: { dateTime: '2025-03-25T10:15:00-05:00' },
    });
    expect(moved.body).toMatchObject({
      id: instanceId,
      recurringEventId: series.id,
      originalStartTime: { dateTime: '2025-03-25T09:30:00-05:00' },
    });
    const response = await callApi(fake, token, eventsPath({ singleEvents: 'true', q: 'Standup', orderBy: 'startTime' }));
    const page = (await response.json()) as EventsPage;
    expect(page.items.map((item) => item.start?.dateTime)).toEqual([
      '2025-03-24T09:30:00-05:00',
      '2025-03-25T10:00:00-05:00',
      '2025-03-26T09:30:00-05:00',
    ]);
  });

  it('deletes with 204, then answers 410 deleted; an unknown id is 404 notFound', async () => {
    const { body: created } = await send('POST', eventsPath(), breakEvent);
    const path = `${eventsPath()}/${String(created.id)}`;
    expect((await send('DELETE', path)).status).toBe(204);
    expect(await send('DELETE', path)).toEqual({ status: 410, body: documented('410-deleted') });
    expect((await send('GET', path)).body).toMatchObject({ status: 'cancelled', summary: breakEvent.summary });
    expect(await send('DELETE', `${eventsPath()}/doesnotexist`)).toEqual({ status: 404, body: documented('404-notFound') });
    expect(await send('GET', eventsPath({}, 'nobody@example.com'))).toEqual({ status: 404, body: documented('404-notFound') });
  });

  it('refuses writes to a calendar the user may only read', async () => {
    const response = await send('POST', eventsPath({}, 'en.usa#holiday@group.v.calendar.google.com'), breakEvent);
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ error: { errors: [{ reason: 'requiredAccessLevel' }] } });
  });

  it('enforces scopes: read-only tokens cannot write, calendar.events cannot list calendars, no token is 401', async () => {
    const { access_token: readOnly } = await signIn(fake, { scope: SCOPES.calendarReadonly });
    expect((await send('GET', eventsPath(), undefined, readOnly)).status).toBe(200);
    const refused = await send('POST', eventsPath(), breakEvent, readOnly);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      error: {
        code: 403,
        message: 'Request had insufficient authentication scopes.',
        errors: [{ message: 'Insufficient Permission', domain: 'global', reason: 'insufficientPermissions' }],
        status: 'PERMISSION_DENIED',
        details: [{ reason: 'ACCESS_TOKEN_SCOPE_INSUFFICIENT', metadata: { method: 'calendar.v3.Events.Insert' } }],
      },
    });
    expect((await send('GET', '/calendar/v3/users/me/calendarList')).status).toBe(403);

    const { access_token: loginOnly } = await signIn(fake, { scope: SCOPES.login });
    expect((await send('GET', eventsPath(), undefined, loginOnly)).status).toBe(403);
    const anonymous = await fetch(`${fake.origin}${eventsPath()}`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toContain('invalid_token');
    expect(await anonymous.json()).toEqual(loadFixture('calendar.error.401-authError.observed-with-status.json'));
  });
});
