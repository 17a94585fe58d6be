import { preferencesRow, storedEventColumns, type BreakActivityRow, type CalendarEventRow } from '@breaker/db';
import { dayStretches, type PlacementInput, type PlacementResult } from '@breaker/scheduler';
import { DateTime } from 'luxon';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildPlacementInput, planningWindow } from '../../placement-input.js';
import { icsEvents, type IcsEvent } from './ics-events.js';

/*
 * Where the engine puts breaks, against the optimum, on the reference calendars (./fixtures): every
 * week of each calendar that has meetings, in its home zone, with four work-hour settings, planned on Monday morning.
 */

const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));
const USER = '00000000-0000-4000-8000-000000000001';

const HOME_ZONES: Record<string, string> = {
  'apple-macos-tentative-cancelled-status.ics': 'America/Vancouver',
  'outlook-owa-tzid-without-vtimezone.ics': 'America/New_York',
};

const SETTINGS = [
  { start: '09:00', end: '17:00', breaks: 5 },
  { start: '08:00', end: '16:00', breaks: 3 },
  { start: '10:00', end: '19:00', breaks: 6 },
  { start: '07:00', end: '18:00', breaks: 4 },
];

/** One placement input per calendar week with blocking meetings, zone and setting. */
export function referenceInputs(catalogue: readonly BreakActivityRow[]): PlacementInput[] {
  const inputs: PlacementInput[] = [];
  for (const file of readdirSync(FIXTURES).filter((f) => f.endsWith('.ics'))) {
    const text = readFileSync(`${FIXTURES}${file}`, 'utf8');
    const zone = HOME_ZONES[file] ?? 'Europe/Berlin';
    const all = icsEvents(text, { from: new Date('2000-01-01T00:00:00Z'), to: new Date('2030-01-01T00:00:00Z'), timeZone: zone });
    const mondays = new Set(
      all.filter((e) => e.blocksTime).map((e) => DateTime.fromJSDate(e.start, { zone }).startOf('week').toISODate()!),
    );
    for (const monday of [...mondays].sort()) {
      const now = DateTime.fromISO(`${monday}T06:00`, { zone }).toJSDate();
      for (const setting of SETTINGS) {
        const preferences = preferencesRow(USER, {
          break_frequency: setting.breaks,
          work_start_time: setting.start,
          work_end_time: setting.end,
          selected_exercise: null,
          timezone: zone,
        });
        const window = planningWindow(preferences, now);
        const events = icsEvents(text, { from: window.from, to: window.to, timeZone: zone });
        inputs.push(
          buildPlacementInput({ userId: USER, preferences, window, events: icsEventRows(events), existing: [], catalogue, now }),
        );
      }
    }
  }
  return inputs;
}

/** Feed events as the stored rows the input builder reads (the user is the reference calendars' test user). */
export function icsEventRows(events: readonly IcsEvent[]): CalendarEventRow[] {
  return events.map((e, i) => ({
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    user_id: USER,
    connection_id: '00000000-0000-4000-8000-000000000002',
    calendar_id: 'primary',
    ...storedEventColumns(e),
    updated_at: new Date(0),
  }));
}

export interface Quality {
  /** Longest stretch ÷ optimum per day with breaks, ascending. */
  ratios: number[];
  /** The same, for the days without meetings. */
  emptyRatios: number[];
  /** Runs of 60+ minutes with a free moment within 20 minutes of their end… */
  runs: number;
  /** …of which one plan per day can follow the most within rule 1's bound… */
  followable: number;
  /** …and of which the engine followed. */
  recovered: number;
  /** Days where rule 1's bound keeps some runs from being followed, and the ratio following them all would cost. */
  costs: number[];
}

export function placementQuality(inputs: readonly PlacementInput[], place: (input: PlacementInput) => PlacementResult): Quality {
  const quality: Quality = { ratios: [], emptyRatios: [], runs: 0, followable: 0, recovered: 0, costs: [] };
  for (const input of inputs) {
    for (const day of dayStretches(input, place(input))) {
      quality.runs += day.runs;
      quality.followable += day.followable;
      quality.recovered += day.recovered;
      if (day.followAll !== undefined && day.optimum) quality.costs.push(day.followAll / day.optimum);
      if (day.optimum === undefined || day.optimum <= 0) continue;
      const ratio = day.longest / day.optimum;
      const meetings = input.busy.some((m) => {
        const date = DateTime.fromMillis(m.start, { zone: input.timeZone }).toISODate();
        return date === day.date;
      });
      (meetings ? quality.ratios : quality.emptyRatios).push(ratio);
    }
  }
  quality.ratios.sort((a, b) => a - b);
  quality.emptyRatios.sort((a, b) => a - b);
  quality.costs.sort((a, b) => a - b);
  return quality;
}
