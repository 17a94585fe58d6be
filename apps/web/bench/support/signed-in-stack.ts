import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { localHour, zoneWhereItIs } from '../../e2e/support/days.js';

const apiDir = join(dirname(fileURLToPath(import.meta.url)), '../../../api');
const PASSWORD = 'stretch-and-breathe-42';

export interface SignedInStack {
  url: string;
  /** The session cookie, as `name=value`. */
  cookie: string;
  /** The user's time zone, which the browser should have too. */
  timeZone: string;
  stop(): Promise<void>;
}

const icsTime = (date: Date): string =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/**
 * The user's zone: one where it is now 06:00 to 06:59, so that the whole work day (08:00 to 18:00) is ahead and its
 * breaks are in the week the calendar opens on, at whatever hour and day the benchmark runs.
 */
const LOCAL_HOUR_NOW = 6;

/** Six days of five meetings (30 in all) from today, 40 minutes each on the hour from 09:00 in the user's zone. */
function weekOfMeetings(offsetHours: number): string {
  const today = localHour(new Date(), offsetHours, 0);
  const events: string[] = [];
  for (let i = 0; i < 30; i += 1) {
    const start = new Date(today.getTime() + Math.floor(i / 5) * 86_400_000 + (9 + 2 * (i % 5)) * 3_600_000);
    const end = new Date(start.getTime() + 40 * 60_000);
    events.push(
      'BEGIN:VEVENT',
      `UID:bench-${i}@example.com`,
      `DTSTAMP:${icsTime(today)}`,
      `DTSTART:${icsTime(start)}`,
      `DTEND:${icsTime(end)}`,
      `SUMMARY:Meeting ${i + 1}`,
      'END:VEVENT',
    );
  }
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Breaker bench//EN', ...events, 'END:VCALENDAR', ''].join('\r\n');
}

async function call(url: string, path: string, method: string, body: unknown, cookie?: string): Promise<Response> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: {
      origin: url,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(cookie ? { cookie } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return response;
}

/**
 * The built product (API serving the built web app, embedded database) with one signed-in user whose calendar feed,
 * served from loopback, holds a week of 30 meetings, and whose breaks are planned around them.
 */
export async function startSignedInStack(port: number): Promise<SignedInStack> {
  const { zone, offsetHours } = zoneWhereItIs(LOCAL_HOUR_NOW);
  const feed = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' });
    response.end(weekOfMeetings(offsetHours));
  });
  await new Promise<void>((listening) => feed.listen(0, '127.0.0.1', listening));
  const feedUrl = `http://127.0.0.1:${(feed.address() as AddressInfo).port}/calendar.ics`;
  const dataDir = mkdtempSync(join(tmpdir(), 'breaker-bench-web-'));
  const url = `http://127.0.0.1:${port}`;
  const api = spawn(process.execPath, ['dist/main.js'], {
    cwd: apiDir,
    env: {
      PATH: process.env['PATH'] ?? '',
      // Under E2E_FAKE_NOW (e2e/support/fake-clock.ts) the API shares this process's fake clock.
      ...(process.env['FAKETIME'] ? { FAKETIME: process.env['FAKETIME'], LD_PRELOAD: process.env['LD_PRELOAD'] ?? '' } : {}),
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: url,
      DATA_DIR: dataDir,
      ALLOW_PRIVATE_FEEDS: 'true',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async (): Promise<void> => {
    feed.closeAllConnections();
    feed.close();
    if (api.exitCode === null) {
      const exited = new Promise((done) => api.once('exit', done));
      api.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // PGlite and its migrations took 78 s to start on a 2-core machine busy with test suites.
    const deadline = Date.now() + 180_000;
    while (
      !(await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (api.exitCode !== null || Date.now() > deadline) throw new Error('the API did not start');
      await new Promise((wake) => setTimeout(wake, 200));
    }
    const account = { username: 'lighthouse', email: 'lighthouse@example.com', password: PASSWORD };
    await call(url, '/api/auth/register', 'POST', account);
    const login = await call(url, '/api/auth/login', 'POST', { username: account.username, password: PASSWORD });
    const cookie = login.headers
      .getSetCookie()
      .map((line) => line.split(';')[0]!)
      .find((pair) => pair.startsWith('breaker_session='));
    if (!cookie) throw new Error('login set no session cookie');
    await call(
      url,
      '/api/user/preferences',
      'PUT',
      {
        preferences: {
          timezone: zone,
          workStartTime: '08:00',
          workEndTime: '18:00',
          workDays: [1, 2, 3, 4, 5, 6, 7],
          breakFrequency: 5,
        },
      },
      cookie,
    );
    await call(url, '/api/calendar/ics-feed', 'PUT', { url: feedUrl }, cookie);
    const me = (await (await fetch(`${url}/api/auth/user`, { headers: { cookie } })).json()) as { id: string };
    await call(url, `/api/refresh-breakers/${me.id}`, 'POST', undefined, cookie);
    return { url, cookie, timeZone: zone, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
