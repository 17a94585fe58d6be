import { isAppError } from '@breaker/api-contract';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { icsEvents, MAX_EVENTS_IN_WINDOW, type IcsOptions } from './ics-events.js';
import { closeIcsPool, parseFeedOffThread } from './ics-pool.js';
import { largeFeed } from './large-feed.test-support.js';

const now = new Date('2026-11-25T10:00:00Z');
const window: IcsOptions = {
  from: new Date('2026-11-18T00:00:00Z'),
  to: new Date('2026-12-08T00:00:00Z'),
  timeZone: 'Europe/Berlin',
};
const calendar = (...lines: string[]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', ...lines, 'END:VCALENDAR', ''].join('\r\n');

/** Runs `work` while a timer ticks every 10 ms; returns how late the latest tick was and how long `work` took. */
async function timerLatenessDuring(work: () => Promise<unknown>): Promise<{ worstLateMs: number; tookMs: number }> {
  let worstLateMs = 0;
  let last = performance.now();
  const ticker = setInterval(() => {
    const tick = performance.now();
    worstLateMs = Math.max(worstLateMs, tick - last - 10);
    last = tick;
  }, 10);
  const started = performance.now();
  try {
    await work();
  } finally {
    clearInterval(ticker);
  }
  return { worstLateMs, tookMs: performance.now() - started };
}

async function refusal(text: string): Promise<{ code: string; message: string }> {
  const error: unknown = await parseFeedOffThread(text, window).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!isAppError(error)) throw new Error(`expected a refusal, got ${String(error)}`);
  return { code: error.code, message: error.message };
}

describe('reading feeds on worker threads', () => {
  afterAll(() => closeIcsPool());

  it('reads a 5,000-event feed while the event loop keeps ticking, with the same events as on the main thread', async () => {
    const text = largeFeed({ events: 5000, now });
    let events: Awaited<ReturnType<typeof parseFeedOffThread>> = [];
    const { worstLateMs, tookMs } = await timerLatenessDuring(async () => {
      events = await parseFeedOffThread(text, window);
    });
    // On the main thread this timer would be late by the whole parse; off it, only by what a busy machine adds (a
    // loaded two-core box here delays it by a few hundred ms at worst, still a small part of the parse).
    expect(tookMs).toBeGreaterThan(500);
    expect(worstLateMs, `timer late by ${Math.round(worstLateMs)} ms during a ${Math.round(tookMs)} ms parse`).toBeLessThan(
      Math.min(1000, tookMs / 5),
    );
    expect(events.length).toBeGreaterThan(3000);
    expect(events).toEqual(icsEvents(text, window));
    // Two full parses of a big feed: tens of seconds on a loaded machine.
  }, 120_000);

  it('refuses a feed that repeats its events too often, and the next feed is read as usual', async () => {
    const series = Array.from({ length: 12 }, (_, n) => [
      'BEGIN:VEVENT',
      `UID:forever-${n}`,
      'DTSTART:19000101T090000Z',
      'DURATION:PT15M',
      'RRULE:FREQ=DAILY;COUNT=20000',
      'END:VEVENT',
    ]).flat();
    expect(await refusal(calendar(...series))).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The calendar feed repeats its events too often to read (more than 200,000 occurrences)',
    });
    const one = calendar('BEGIN:VEVENT', 'UID:one', 'DTSTART:20261125T090000Z', 'DTEND:20261125T100000Z', 'END:VEVENT');
    expect(await parseFeedOffThread(one, window)).toMatchObject([{ externalId: 'one', title: '(No title)' }]);
  });

  it('refuses a feed with more events in the planning weeks than it keeps', async () => {
    const events = Array.from({ length: MAX_EVENTS_IN_WINDOW + 1 }, (_, n) => [
      'BEGIN:VEVENT',
      `UID:e${n}`,
      `DTSTART:202611${String(20 + (n % 5))}T${String(8 + (n % 9)).padStart(2, '0')}0000Z`,
      'DURATION:PT5M',
      'END:VEVENT',
    ]).flat();
    expect(await refusal(calendar(...events))).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The calendar feed has more than 20,000 events in the weeks Breaker plans; it reads at most that many',
    });
  });

  it('answers what ical.js cannot read with a message, not a crashed thread', async () => {
    const broken = 'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART:20261125T090000Z\r\nEND:VCALENDAR\r\n';
    const events = await parseFeedOffThread(broken, window).catch((error: unknown) => error);
    // Either read event by event (nothing usable here) or refused as unreadable: never a thread error.
    if (Array.isArray(events)) expect(events).toEqual([]);
    else expect(events).toMatchObject({ code: 'BAD_REQUEST', message: 'The calendar feed could not be read as iCalendar' });
  });
});

describe('the built pool (dist/, as node apps/api/dist/main.js loads it)', () => {
  const built = fileURLToPath(new URL('../../../dist/providers/ics/ics-pool.js', import.meta.url));

  it('finds its worker file next to it and reads a feed on a thread', () => {
    expect(existsSync(built), 'build first: pnpm exec turbo run build').toBe(true);
    const script = `
      import { parseFeedOffThread, closeIcsPool } from ${JSON.stringify(built)};
      const text = ${JSON.stringify(calendar('BEGIN:VEVENT', 'UID:built', 'DTSTART:20261125T090000Z', 'DTEND:20261125T100000Z', 'SUMMARY:From dist', 'END:VEVENT'))};
      const events = await parseFeedOffThread(text, { from: new Date('2026-11-18'), to: new Date('2026-12-08'), timeZone: 'UTC' });
      await closeIcsPool();
      process.stdout.write(JSON.stringify(events));`;
    // No tsx and no source condition: only what production has.
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
      env: { PATH: process.env['PATH'] },
    });
    expect(JSON.parse(output)).toEqual([
      expect.objectContaining({ externalId: 'built', title: 'From dist', start: '2026-11-25T09:00:00.000Z' }),
    ]);
  });
});
