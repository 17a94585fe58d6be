/**
 * Microsoft (through the fake Microsoft) and CalDAV (against a real Radicale): how long a first sync of 2,000 events
 * takes, and what a no-change re-sync costs, counted where the requests arrive (the fake's call log, Radicale's own
 * request log). The API runs with its jobs in-process on PostgreSQL.
 */
import { ADELE_VANCE, startFakeMicrosoft, type EventInput } from '@breaker/fakes/microsoft';
import { closeIcsPool } from '@breaker/jobs';
import { startRadicale } from '@breaker/jobs/testing';
import { DateTime } from 'luxon';
import { performance } from 'node:perf_hooks';
import { emitRow, fmt, median, spreadOf } from '../../../bench/row.js';
import { syncRecorded } from './support/calendar-sync.js';
import {
  type AppUnderTest,
  fakeMicrosoftEnv,
  MICROSOFT_TEST_CLIENT,
  signInWorkingEveryDay,
  startTestApp,
} from '../src/app.test-support.js';

const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 3);
const EVENTS = 2000;
const BUDGET_MS = 5000;
const USER = ADELE_VANCE.userPrincipalName;
const settle = (): Promise<void> => new Promise((wake) => setTimeout(wake, 1000));

/** The nth of 2,000 meetings: over the next ten days (inside the sync window), 30 minutes each, every few minutes. */
function slot(n: number): DateTime {
  return DateTime.utc()
    .startOf('day')
    .plus({ days: 1 + (n % 10), minutes: 5 * Math.floor(n / 10) });
}

const graphEvents: EventInput[] = Array.from({ length: EVENTS }, (_, n) => ({
  id: `meeting-${n}`,
  subject: `Meeting ${n}`,
  start: { dateTime: slot(n).toFormat("yyyy-LL-dd'T'HH:mm:ss"), timeZone: 'UTC' },
  end: { dateTime: slot(n).plus({ minutes: 30 }).toFormat("yyyy-LL-dd'T'HH:mm:ss"), timeZone: 'UTC' },
  showAs: 'busy',
}));

function icsEvent(n: number): string {
  const ics = (at: DateTime) => at.toFormat("yyyyMMdd'T'HHmmss'Z'");
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Breaker bench//EN',
    'BEGIN:VEVENT',
    `UID:meeting-${n}@bench.example`,
    'DTSTAMP:20260101T000000Z',
    `DTSTART:${ics(slot(n))}`,
    `DTEND:${ics(slot(n).plus({ minutes: 30 }))}`,
    `SUMMARY:Meeting ${n}`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

async function storedEvents(subject: AppUnderTest, userId: string): Promise<number> {
  const row = await subject.db
    .selectFrom('calendar_events')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function waitFor(check: () => Promise<boolean>, what: string): Promise<void> {
  const started = performance.now();
  while (!(await check())) {
    if (performance.now() - started > 60_000) throw new Error(`${what} did not happen within 60 s`);
    await new Promise((wake) => setTimeout(wake, 20));
  }
}

function firstSyncRow(provider: string, against: string, times: number[]): void {
  emitRow({
    area: 'calendars',
    figure: `${provider}: first sync of ${fmt(EVENTS)} events (${against})`,
    measured: `${fmt(median(times))} ms`,
    baseline: '—',
    ratio: '—',
    target: `≤ ${fmt(BUDGET_MS)} ms`,
    met: times.every((t) => t <= BUDGET_MS),
    spread: spreadOf(times, 0, ' ms'),
  });
}

function resyncRow(provider: string, requests: number[], writes: number[], seen: string): void {
  process.stdout.write(`${provider} no-change re-sync requests: ${seen}\n`);
  emitRow({
    area: 'calendars',
    figure: `${provider}: no-change re-sync (${fmt(EVENTS)} events in the calendar)`,
    measured: `${fmt(median(requests))} request, ${fmt(Math.max(...writes))} writes`,
    baseline: '—',
    ratio: '—',
    target: 'exactly 1 request, 0 writes',
    met: requests.every((n) => n === 1) && writes.every((n) => n === 0),
    spread: spreadOf(requests, 0, ' requests'),
  });
}

async function benchMicrosoft(): Promise<void> {
  const microsoft = await startFakeMicrosoft({ clients: [MICROSOFT_TEST_CLIENT], autoApprove: true });
  const subject = await startTestApp('postgres', { env: fakeMicrosoftEnv(microsoft.origin) });
  try {
    microsoft.setEvents(USER, graphEvents);
    const { client, userId } = await signInWorkingEveryDay(subject.app, 'adele');
    const firstSyncs: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      if (round > 0) await client.request('DELETE', '/api/calendar/microsoft');
      const started = performance.now();
      const start = await client.request('GET', '/api/auth/microsoft/calendar');
      const picked = await fetch(String(start.headers.location), { redirect: 'manual' });
      const back = new URL(String(picked.headers.get('location')));
      const landed = await client.request('GET', `${back.pathname}${back.search}`);
      if (landed.headers.location !== '/calendar?success=calendar_connected') {
        throw new Error(`calendar connection failed: ${String(landed.headers.location)}`);
      }
      await waitFor(async () => (await storedEvents(subject, userId)) === EVENTS, 'the first Microsoft sync');
      firstSyncs.push(performance.now() - started);
    }
    firstSyncRow('Microsoft', 'fake Microsoft Graph, calendarView delta', firstSyncs);

    const graphCalls = { forget: () => microsoft.resetCalls(), read: () => [...microsoft.calls] };
    const sync = () => syncRecorded(client, userId, graphCalls, settle);
    // Breaker's own break events come back through the delta once: the re-syncs after that are the quiet ones.
    await sync();
    await sync();
    const rounds = [];
    for (let round = 0; round < ROUNDS; round += 1) rounds.push(await sync());
    const graph = rounds.map((calls) => calls.filter((c) => c.path.startsWith('/v1.0/')));
    resyncRow(
      'Microsoft',
      graph.map((calls) => calls.length),
      rounds.map((calls) => calls.filter((c) => c.method !== 'GET' && c.path.startsWith('/v1.0/')).length),
      graph.map((calls) => calls.map((c) => `${c.method} ${c.path}`).join(', ')).join(' | '),
    );
  } finally {
    await subject.close();
    await microsoft.close();
  }
}

async function benchCalDav(): Promise<void> {
  const radicale = await startRadicale();
  const subject = await startTestApp('postgres', { env: { ALLOW_PRIVATE_FEEDS: 'true' } });
  try {
    const calendar = await radicale.makeCalendar('work', 'Work');
    radicale.seed(
      calendar,
      Array.from({ length: EVENTS }, (_, n) => ({ name: `meeting-${n}.ics`, ics: icsEvent(n) })),
    );
    // Radicale parses new files into its own cache on their first read (tens of seconds here): that read is the
    // server's, done once before timing, as on a server whose calendar other clients have already read.
    if ((await radicale.objects(calendar)).length !== EVENTS) throw new Error('Radicale did not take the seeded events');
    const { client, userId } = await signInWorkingEveryDay(subject.app, 'davy');
    const account = { url: radicale.origin, username: radicale.username, password: radicale.password };
    const firstSyncs: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      if (round > 0) await client.request('DELETE', '/api/calendar/caldav');
      const started = performance.now();
      const connected = await client.request('PUT', '/api/calendar/caldav', account);
      firstSyncs.push(performance.now() - started);
      if (connected.statusCode !== 200) {
        // Radicale answering slower than Breaker's request timeout is a figure too: the row says so, and the run goes on.
        emitRow({
          area: 'calendars',
          figure: `CalDAV: first sync of ${fmt(EVENTS)} events (Radicale, discovery and calendar-query)`,
          measured: `failed after ${fmt(firstSyncs.at(-1) ?? 0)} ms: ${connected.json<{ message: string }>().message}`,
          baseline: '—',
          ratio: '—',
          target: `≤ ${fmt(BUDGET_MS)} ms`,
          met: false,
          spread: `round ${round + 1} of ${ROUNDS}`,
        });
        return;
      }
      if ((await storedEvents(subject, userId)) !== EVENTS) throw new Error('the first CalDAV sync missed events');
    }
    firstSyncRow('CalDAV', 'Radicale, discovery and calendar-query', firstSyncs);

    const davRequests = { forget: () => (radicale.requests.length = 0), read: () => [...radicale.requests] };
    const sync = () => syncRecorded(client, userId, davRequests, settle);
    // Breaker's own break events changed the sync-token while it wrote them: the re-syncs after that are the quiet ones.
    for (let warmUp = 0; warmUp < 3; warmUp += 1) await sync();
    const rounds = [];
    for (let round = 0; round < ROUNDS; round += 1) rounds.push(await sync());
    resyncRow(
      'CalDAV',
      rounds.map((requests) => requests.length),
      rounds.map((requests) => requests.filter((r) => /^(PUT|DELETE|MKCALENDAR|PROPPATCH|MOVE|COPY) /.test(r)).length),
      rounds.map((requests) => requests.join(', ')).join(' | '),
    );
  } finally {
    await subject.close();
    await radicale.close();
  }
}

try {
  await benchMicrosoft();
  await benchCalDav();
} finally {
  // CalDAV's objects are parsed off the main thread: the pool's workers would keep the process alive.
  await closeIcsPool();
}
