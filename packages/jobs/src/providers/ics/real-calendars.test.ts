import { listActivities, preferencesRow, type BreakActivityRow, type PreferencesRow } from '@breaker/db';
import { openTestDatabase } from '@breaker/db/testing';
import { placeBreaks, roomPerDay, verifyPlacement, type PlacementInput } from '@breaker/scheduler';
import { DateTime } from 'luxon';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPlacementInput, planningWindow } from '../../placement-input.js';
import { icsEvents } from './ics-events.js';
import { icsEventRows } from './reference-calendars.test-support.js';

/**
 * The real-world calendars in ./fixtures, expanded with ical.js, placed with a few work-hour settings in two zones each,
 * and checked against every rule of the engine; prints the share of requested breaks placed on days that had room.
 */

const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));
const files = readdirSync(FIXTURES).filter((f) => f.endsWith('.ics'));

/** The zone each calendar was made in, and a second one far from it. */
const HOME_ZONES: Record<string, string> = {
  'apple-macos-tentative-cancelled-status.ics': 'America/Vancouver',
  'attendees-partstat-declined-tentative-delegated.ics': 'Europe/Berlin',
  'exchange2010-allday-recurring-moved-instance.ics': 'Europe/Berlin',
  'floating-allday-multiday-overnight.ics': 'Europe/Berlin',
  'google-allday-recurring-moved-across-dst.ics': 'Europe/Berlin',
  'outlook-exchange2010-windows-tzids-rrule-exdate-transparent.ics': 'Europe/Berlin',
  'outlook-owa-tzid-without-vtimezone.ics': 'America/New_York',
};
const OTHER_ZONE: Record<string, string> = { 'America/Vancouver': 'Asia/Kolkata', 'America/New_York': 'Australia/Sydney' };

const SETTINGS = [
  { start: '09:00', end: '17:00', breaks: 5 },
  { start: '08:00', end: '16:00', breaks: 3 },
  { start: '10:00', end: '19:00', breaks: 6 },
  { start: '07:00', end: '18:00', breaks: 4 },
];

function preferences(zone: string, setting: (typeof SETTINGS)[number]): PreferencesRow {
  return preferencesRow('00000000-0000-4000-8000-000000000001', {
    break_frequency: setting.breaks,
    work_start_time: setting.start,
    work_end_time: setting.end,
    selected_exercise: null,
    timezone: zone,
  });
}

/** The Monday (local) of the week with the most blocking minutes, else the most events. */
function busiestWeek(text: string, zone: string): DateTime {
  const all = icsEvents(text, { from: new Date('2000-01-01T00:00:00Z'), to: new Date('2030-01-01T00:00:00Z'), timeZone: zone });
  expect(all.length).toBeGreaterThan(0);
  const weight = new Map<string, number>();
  for (const event of all) {
    const monday = DateTime.fromJSDate(event.start, { zone }).startOf('week').toISODate()!;
    const minutes = event.blocksTime ? (event.end.getTime() - event.start.getTime()) / 60_000 : 0;
    weight.set(monday, (weight.get(monday) ?? 0) + 1 + minutes * 1000);
  }
  const [best] = [...weight.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return DateTime.fromISO(best![0], { zone });
}

describe('placement on real-world calendars', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let catalogue: BreakActivityRow[];
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    catalogue = await listActivities(database.db);
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it('every file, two zones, four work-hour settings, Monday morning and Wednesday afternoon: every rule holds, every requested break fits where there is room', () => {
    let wanted = 0;
    let placedOnRoomyDays = 0;
    let wantedOnRoomyDays = 0;
    let plans = 0;
    let blocking = 0;
    for (const file of files) {
      const text = readFileSync(`${FIXTURES}${file}`, 'utf8');
      const home = HOME_ZONES[file] ?? 'Europe/Berlin';
      for (const zone of [home, OTHER_ZONE[home] ?? 'America/New_York']) {
        const monday = busiestWeek(text, zone);
        for (const now of [monday.set({ hour: 6 }), monday.plus({ days: 2 }).set({ hour: 13, minute: 7 })]) {
          for (const setting of SETTINGS) {
            const prefs = preferences(zone, setting);
            const window = planningWindow(prefs, now.toJSDate());
            const events = icsEvents(text, { from: window.from, to: window.to, timeZone: zone });
            blocking += events.filter((e) => e.blocksTime).length;
            const input: PlacementInput = buildPlacementInput({
              userId: prefs.user_id,
              preferences: prefs,
              window,
              events: icsEventRows(events),
              existing: [],
              catalogue,
              now: now.toJSDate(),
            });
            const result = placeBreaks(input);
            const label = `${file} in ${zone}, ${setting.start}–${setting.end} × ${setting.breaks}, now ${now.toISO()}`;
            expect(verifyPlacement(input, result), label).toEqual([]);
            // Idempotent on real data too: its own plan stored as scheduled sessions changes nothing.
            const stored = result.breaks.map((b) => ({ ...b, status: 'scheduled' as const }));
            expect(placeBreaks({ ...input, existing: stored }), label).toEqual(result);
            plans += 1;

            const placedPerDay = new Map<string, number>();
            for (const b of result.breaks) {
              const date = DateTime.fromMillis(b.start, { zone }).toISODate()!;
              placedPerDay.set(date, (placedPerDay.get(date) ?? 0) + 1);
            }
            for (const day of roomPerDay(input)) {
              wanted += day.wanted;
              if (day.room >= day.wanted) {
                wantedOnRoomyDays += day.wanted;
                placedOnRoomyDays += placedPerDay.get(day.date) ?? 0;
              }
            }
          }
        }
      }
    }
    const share = placedOnRoomyDays / wantedOnRoomyDays;
    process.stdout.write(
      `real calendars: ${files.length} files, ${plans} plans, ${blocking} blocking events in their windows; ` +
        `${placedOnRoomyDays}/${wantedOnRoomyDays} requested breaks placed on days with room (${(share * 100).toFixed(1)}%), ${wanted} requested in all\n`,
    );
    expect(files).toHaveLength(7);
    expect(blocking).toBeGreaterThan(0);
    expect(share).toBe(1);
  });
});
