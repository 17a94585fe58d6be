import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FakeMicrosoft } from '../fake-microsoft.js';
import { callGraph, startSignedIn, USER } from '../fake-microsoft.test-support.js';

let fake: FakeMicrosoft;
let token: string;
beforeAll(async () => ({ fake, token } = await startSignedIn()));
afterAll(() => fake.close());

const at = (iso: string) => ({ dateTime: iso, timeZone: 'UTC' });
const meeting = (subject: string, day: number) => ({
  subject,
  start: at(`2026-12-0${day}T09:00:00`),
  end: at(`2026-12-0${day}T10:00:00`),
  showAs: 'busy' as const,
});
const WINDOW = '/v1.0/me/calendarView/delta?startDateTime=2026-12-01T00:00:00Z&endDateTime=2026-12-08T00:00:00Z';

interface DeltaPage {
  value: Array<Record<string, unknown> & { id: string }>;
  '@odata.nextLink'?: string;
  '@odata.deltaLink'?: string;
}

async function page(
  link: string,
  prefer = 'odata.maxpagesize=2',
): Promise<{ status: number; body: DeltaPage; headers: Headers }> {
  const response = await callGraph(fake, token, link, { headers: { prefer } });
  return { status: response.status, body: (await response.json()) as DeltaPage, headers: response.headers };
}

/** Follows nextLinks to the deltaLink, as a client must. */
async function round(link: string): Promise<{ items: DeltaPage['value']; deltaLink: string; requests: number }> {
  const items: DeltaPage['value'] = [];
  let next = link;
  let requests = 0;
  for (;;) {
    const { body } = await page(next);
    requests += 1;
    items.push(...body.value);
    expect(body['@odata.nextLink'] !== undefined && body['@odata.deltaLink'] !== undefined).toBe(false);
    if (body['@odata.deltaLink']) return { items, deltaLink: body['@odata.deltaLink'], requests };
    next = body['@odata.nextLink'] ?? '';
    expect(next).not.toBe('');
  }
}

beforeEach(() => {
  fake.setEvents(USER, [meeting('One', 1), meeting('Two', 2), meeting('Three', 3), { ...meeting('Later', 9) }]);
});

describe('calendarView/delta', () => {
  it('pages the window with nextLinks (maxpagesize honoured) and ends in a deltaLink', async () => {
    const first = await page(WINDOW);
    expect(first.body.value).toHaveLength(2);
    expect(first.body['@odata.nextLink']).toMatch(/\/v1\.0\/me\/calendarView\/delta\?\$skiptoken=/);
    expect(first.headers.get('preference-applied')).toBe('odata.maxpagesize=2');
    const all = await round(WINDOW);
    expect(all.items.map((item) => item['subject'])).toEqual(['One', 'Two', 'Three']);
    expect(all.requests).toBe(2);
    expect(all.deltaLink).toMatch(/\$deltatoken=/);
  });

  it('answers only changes after a deltaLink: edits as events, deletions and moves out of the window as @removed', async () => {
    const { deltaLink, items } = await round(WINDOW);
    const quiet = await round(deltaLink);
    expect(quiet).toMatchObject({ items: [], requests: 1 });
    const [one, two, three] = items;
    fake.upsertEvent(USER, { id: one?.id, subject: 'One, renamed' });
    fake.deleteEvent(USER, two?.id ?? '');
    fake.upsertEvent(USER, { id: three?.id, start: at('2026-12-20T09:00:00'), end: at('2026-12-20T10:00:00') });
    const changes = await round(deltaLink);
    expect(changes.items).toEqual([
      expect.objectContaining({ id: one?.id, subject: 'One, renamed' }),
      { '@odata.type': '#microsoft.graph.event', id: two?.id, '@removed': { reason: 'deleted' } },
      { '@odata.type': '#microsoft.graph.event', id: three?.id, '@removed': { reason: 'deleted' } },
    ]);
    // A delta token can be replayed; it reports the same changes again.
    expect((await round(deltaLink)).items).toHaveLength(3);
  });

  it('answers 410 syncStateNotFound with a Location once the sync state is lost', async () => {
    const { deltaLink } = await round(WINDOW);
    fake.loseSyncState(USER);
    const lost = await page(deltaLink);
    expect(lost.status).toBe(410);
    expect(lost.body).toMatchObject({ error: { code: 'syncStateNotFound' } });
    expect(lost.headers.get('location')).toMatch(/\/v1\.0\/me\/calendarView\/delta\?\$deltatoken=$/);
  });

  it('writes times in the zone Prefer: outlook.timezone names, UTC by default', async () => {
    const utc = await page(WINDOW, 'outlook.timezone="UTC"');
    expect(utc.body.value[0]?.['start']).toEqual({ dateTime: '2026-12-01T09:00:00.0000000', timeZone: 'UTC' });
    const berlin = await page(WINDOW, 'outlook.timezone="Europe/Berlin", odata.maxpagesize=1');
    expect(berlin.body.value).toHaveLength(1);
    expect(berlin.body.value[0]?.['start']).toEqual({ dateTime: '2026-12-01T10:00:00.0000000', timeZone: 'Europe/Berlin' });
  });

  it('refuses a first request without a window, and query options delta does not support', async () => {
    expect((await page('/v1.0/me/calendarView/delta')).status).toBe(400);
    expect((await page(`${WINDOW}&$select=subject`)).status).toBe(400);
  });

  it('answers scripted throttling with 429, Retry-After and the TooManyRequests body', async () => {
    fake.failNext({ path: '/v1.0/me/calendarView/delta', status: 429, retryAfterSeconds: 7 });
    const throttled = await page(WINDOW);
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('retry-after')).toBe('7');
    expect(throttled.body).toMatchObject({ error: { code: 'TooManyRequests', message: 'Please retry again later.' } });
    fake.failNext({ path: /delta$/, status: 503 });
    expect((await page(WINDOW)).status).toBe(503);
    expect((await page(WINDOW)).status).toBe(200);
  });

  it('answers 401 without a valid token', async () => {
    const response = await fetch(`${fake.origin}${WINDOW}`, { headers: { authorization: 'Bearer nope' } });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: { code: 'InvalidAuthenticationToken' } });
  });
});

describe('calendarView', () => {
  it('filters and expands by a single-value extended property', async () => {
    const tag = 'String {66f5a359-4659-4830-9070-00047ec6ac6e} Name Breaker';
    fake.upsertEvent(USER, { ...meeting('Tagged', 4), singleValueExtendedProperties: [{ id: tag, value: 'break' }] });
    const filter = encodeURIComponent(`singleValueExtendedProperties/Any(ep: ep/id eq '${tag}' and ep/value eq 'BREAK')`);
    const expand = encodeURIComponent(`singleValueExtendedProperties($filter=id eq '${tag}')`);
    const response = await callGraph(
      fake,
      token,
      `/v1.0/me/calendarView?startDateTime=2026-12-01T00:00:00Z&endDateTime=2026-12-08T00:00:00Z&$filter=${filter}&$expand=${expand}`,
    );
    const body = (await response.json()) as DeltaPage;
    expect(body.value).toHaveLength(1);
    expect(body.value[0]).toMatchObject({ subject: 'Tagged', singleValueExtendedProperties: [{ id: tag, value: 'break' }] });
  });
});
