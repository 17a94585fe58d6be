/**
 * Google through the fake Google (the only faked part): what a no-change re-sync costs, how many calls a user makes
 * a day at the default cadence, and whether any read endpoint waits on Google (reads while Google hangs vs quiet).
 * The API runs with its jobs in-process on PostgreSQL, so a hanging sync shares the process with the reads.
 */
import { DEFAULT_PREFERENCES, SYNC_CADENCE_MS } from '@breaker/api-contract';
import { GRACE_HOPPER, startFakeGoogle, type FakeGoogle, type RecordedCall } from '@breaker/fakes/google';
import { DateTime } from 'luxon';
import { performance } from 'node:perf_hooks';
import { emitRow, fmt, median, percentile, spreadOf } from '../../../bench/row.js';
import {
  fakeGoogleEnv,
  GOOGLE_TEST_CLIENT,
  signInWorkingEveryDay,
  startTestApp,
  type TestClient,
} from '../src/app.test-support.js';
import { syncRecorded } from './support/calendar-sync.js';

const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 5);
const READS = 40;
const HANG_MS = 3000;
const EMAIL = GRACE_HOPPER.email;
const EVENTS_LIST = '/calendar/v3/calendars/primary/events';
const DAY_MS = 24 * 60 * 60 * 1000;

const at = (day: number, hour: number, minute = 0): string =>
  DateTime.utc().plus({ days: day }).startOf('day').set({ hour, minute }).toISO() ?? '';
/** A working week of 30 meetings: six a day, 40 minutes each, from 09:00 UTC. */
const WEEK = Array.from({ length: 30 }, (_, i) => {
  const day = 1 + Math.floor(i / 6);
  const hour = 9 + (i % 6);
  return { id: `meeting${i}`, summary: `Meeting ${i}`, start: { dateTime: at(day, hour) }, end: { dateTime: at(day, hour, 40) } };
});

/** Calendar API requests (what Google's quotas count); OAuth token refreshes are counted apart. */
const isCalendarApi = (call: RecordedCall): boolean => call.path.startsWith('/calendar/');
const isWrite = (call: RecordedCall): boolean => call.method !== 'GET' && isCalendarApi(call);
const isTokenRefresh = (call: RecordedCall): boolean => call.path === '/token' || call.path === '/oauth2/v4/token';
const settle = (): Promise<void> => new Promise((wake) => setTimeout(wake, 300));

async function connect(google: FakeGoogle, browser: TestClient): Promise<void> {
  const start = await browser.request('GET', '/api/auth/google/calendar');
  const authorize = new URL(String(start.headers.location));
  authorize.searchParams.set('login_hint', EMAIL);
  const consent = await fetch(authorize, { redirect: 'manual' });
  const back = new URL(String(consent.headers.get('location')));
  const landed = await browser.request('GET', `${back.pathname}${back.search}`);
  if (landed.headers.location !== '/calendar?success=calendar_connected') {
    throw new Error(`calendar connection failed: ${String(landed.headers.location)} (${google.calls.length} calls)`);
  }
}

async function readTimes(client: TestClient): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < READS; i += 1) {
    for (const url of ['/api/upcoming-breaks', '/api/calendar-events'] as const) {
      const started = performance.now();
      const response = await client.request('GET', url);
      times.push(performance.now() - started);
      if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}`);
    }
  }
  return times.sort((a, b) => a - b);
}

const google = await startFakeGoogle({
  clients: [GOOGLE_TEST_CLIENT],
  accounts: [GRACE_HOPPER],
  autoApprove: true,
});
const subject = await startTestApp('postgres', { env: fakeGoogleEnv(google.origin) });
try {
  google.setEvents(EMAIL, EMAIL, WEEK);
  const { client, userId } = await signInWorkingEveryDay(subject.app, 'grace');
  await connect(google, client);
  const googleCalls = { forget: () => google.resetCalls(), read: (): RecordedCall[] => [...google.calls] };
  const sync = () => syncRecorded(client, userId, googleCalls, settle);
  await sync();
  await sync();

  const resyncs: RecordedCall[][] = [];
  for (let round = 0; round < ROUNDS; round += 1) resyncs.push(await sync());
  const listCalls = resyncs.map((calls) => calls.filter((call) => call.path === EVENTS_LIST && call.method === 'GET').length);
  const apiCalls = resyncs.map((calls) => calls.filter(isCalendarApi).length);
  const tokenCalls = resyncs.map((calls) => calls.filter(isTokenRefresh).length);
  const otherCalls = resyncs.map((calls) => calls.filter((call) => !isCalendarApi(call) && !isTokenRefresh(call)).length);
  const writes = resyncs.map((calls) => calls.filter(isWrite).length);
  process.stdout.write(
    `no-change re-sync calls: ${resyncs.map((calls) => calls.map((c) => `${c.method} ${c.path}`).join(', ')).join(' | ')}\n`,
  );
  emitRow({
    area: 'Google',
    figure: 'no-change re-sync (30 meetings in the calendar)',
    measured: `${fmt(median(apiCalls))} Calendar API call, ${fmt(Math.max(...writes))} writes (+${fmt(median(tokenCalls))} token refresh)`,
    baseline: '—',
    ratio: '—',
    target: 'exactly 1 API call, 0 writes',
    met:
      apiCalls.every((n) => n === 1) &&
      listCalls.every((n) => n === 1) &&
      writes.every((n) => n === 0) &&
      otherCalls.every((n) => n === 0),
    spread: `${spreadOf(apiCalls, 0, ' API calls')}`,
  });

  google.resetCalls();
  await client.request('POST', `/api/refresh-breakers/${userId}`);
  await settle();
  const replanCalls = google.calls.filter(isCalendarApi).length;
  const replanTokens = google.calls.filter(isTokenRefresh).length;
  const cadence = DEFAULT_PREFERENCES.syncCadence;
  const syncsADay = DAY_MS / SYNC_CADENCE_MS[cadence]!;
  const perDay = syncsADay * median(apiCalls) + replanCalls;
  const tokensADay = syncsADay * median(tokenCalls) + replanTokens;
  emitRow({
    area: 'Google',
    figure: `calls per user per day at the default cadence (${cadence})`,
    measured: `${fmt(perDay)} Calendar API calls (+${fmt(tokensADay)} token refreshes)`,
    baseline: `${fmt(syncsADay)} syncs × ${fmt(median(apiCalls))} + daily re-plan ${replanCalls}`,
    ratio: '—',
    target: '≤ 30',
    met: perDay <= 30,
    spread: `counted on the fake over ${ROUNDS} re-syncs`,
  });

  const quiet: number[] = [];
  const hanging: number[] = [];
  for (let round = 0; round < 3; round += 1) {
    quiet.push(percentile(await readTimes(client), 95));
    google.hangNext({ path: EVENTS_LIST, ms: HANG_MS, times: 5 });
    const stuck = client.request('POST', `/api/calendar/sync/${userId}`);
    await new Promise((wake) => setTimeout(wake, 50));
    hanging.push(percentile(await readTimes(client), 95));
    await stuck;
  }
  emitRow({
    area: 'Google',
    figure: 'reads (upcoming breaks, calendar events) while Google hangs',
    measured: `${fmt(median(hanging), 1)} ms p95`,
    baseline: `Google answering ${fmt(median(quiet), 1)} ms p95`,
    ratio: `${fmt(median(hanging) / median(quiet), 2)}×`,
    target: 'no read waits: p95 ≤ 2× and far below the hang',
    met: median(hanging) <= 2 * median(quiet) && Math.max(...hanging) < HANG_MS / 10,
    spread: `${spreadOf(hanging, 1, ' ms')} (${READS * 2} reads each, hang ${HANG_MS} ms)`,
  });
} finally {
  await subject.close();
  await google.close();
}
