import fc from 'fast-check';
import { DateTime } from 'luxon';
import { cataloguePool } from './catalogue-pool.test-support.js';
import type { BusyInterval, ExistingBreak, PlacementInput, PlacedBreak } from './types.js';

/** Random calendars for the property tests: zones with and without DST, packed and empty days, chains of meetings. */

export const ZONES = [
  'Europe/Berlin',
  'America/New_York',
  'America/Los_Angeles',
  'Europe/London',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Australia/Sydney',
  'Australia/Lord_Howe',
  'Pacific/Auckland',
  'UTC',
] as const;

/** Instants near the DST changes of 2026 (Europe, North America, southern hemisphere), and plain days. */
const ANCHORS = [
  '2026-03-06T06:00:00Z', // the week before the US change (Sun 8 Mar)
  '2026-03-23T05:00:00Z', // the week of the EU change (Sun 29 Mar)
  '2026-04-02T12:00:00Z', // the week of the Sydney / Auckland change (Sun 5 Apr)
  '2026-09-24T22:00:00Z', // the week of the Sydney / Auckland change (Sun 27 Sep)
  '2026-10-21T08:00:00Z', // the week of the EU change (Sun 25 Oct)
  '2026-10-28T14:00:00Z', // the week of the US change (Sun 1 Nov)
  '2026-06-15T07:30:00Z',
  '2026-11-23T06:00:00Z',
].map((iso) => Date.parse(iso));

const LENGTHS = [5, 10, 15, 25, 30, 45, 50, 55, 60, 90, 120, 180];

interface MeetingSpec {
  day: number;
  /** Local minute of the day the first meeting starts. */
  minute: number;
  /** A chain of meetings, each separated from the previous by `gap` minutes (0 = back to back). */
  chain: { length: number; gap: number }[];
}

const meetingSpec: fc.Arbitrary<MeetingSpec> = fc.record({
  day: fc.integer({ min: 0, max: 6 }),
  minute: fc.integer({ min: 6 * 60, max: 20 * 60 }),
  chain: fc.array(
    fc.record({
      length: fc.oneof(fc.constantFrom(...LENGTHS), fc.integer({ min: 1, max: 240 })),
      gap: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 12 }), fc.integer({ min: 0, max: 90 })),
    }),
    { minLength: 1, maxLength: 6 },
  ),
});

const pool = fc.oneof(
  { weight: 3, arbitrary: fc.constant([...cataloguePool]) },
  { weight: 2, arbitrary: fc.subarray([...cataloguePool], { minLength: 1 }) },
  { weight: 1, arbitrary: fc.subarray([...cataloguePool], { minLength: 1, maxLength: 4 }) },
);

export const calendarInput: fc.Arbitrary<PlacementInput> = fc
  .record({
    timeZone: fc.constantFrom(...ZONES),
    workStart: fc.constantFrom('07:00', '08:00', '09:00', '10:00'),
    workEnd: fc.constantFrom('16:00', '17:00', '18:00', '19:00'),
    breaksPerDay: fc.integer({ min: 3, max: 6 }),
    workDays: fc.oneof(
      { weight: 3, arbitrary: fc.constant([1, 2, 3, 4, 5]) },
      { weight: 1, arbitrary: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }) },
    ),
    now: fc.oneof(
      fc.tuple(fc.constantFrom(...ANCHORS), fc.integer({ min: -36 * 60, max: 36 * 60 })).map(([t, m]) => t + m * 60_000),
      fc.integer({ min: Date.parse('2026-01-01T00:00:00Z'), max: Date.parse('2027-01-01T00:00:00Z') }),
    ),
    meetings: fc.oneof(
      { weight: 1, arbitrary: fc.array(meetingSpec, { maxLength: 4 }) },
      { weight: 3, arbitrary: fc.array(meetingSpec, { maxLength: 30 }) },
      { weight: 1, arbitrary: fc.array(meetingSpec, { minLength: 30, maxLength: 60 }) },
    ),
    existing: fc.array(
      fc.record({
        hoursFromNow: fc.integer({ min: -30, max: 150 }),
        minute: fc.integer({ min: 0, max: 59 }),
        duration: fc.integer({ min: 1, max: 4 }),
        status: fc.constantFrom('scheduled' as const, 'completed' as const, 'skipped' as const),
        activity: fc.nat(),
      }),
      { maxLength: 8 },
    ),
    activities: pool,
    seed: fc.integer(),
  })
  .map((r): PlacementInput => {
    const today = DateTime.fromMillis(r.now, { zone: r.timeZone }).startOf('day');
    const midnights = Array.from({ length: 7 }, (_, d) => today.plus({ days: d }).toMillis());
    const busy: BusyInterval[] = [];
    for (const spec of r.meetings) {
      let start = midnights[spec.day]! + spec.minute * 60_000;
      for (const link of spec.chain) {
        busy.push({ start, end: start + link.length * 60_000 });
        start += (link.length + link.gap) * 60_000;
      }
    }
    const nowHour = Math.floor(r.now / 3_600_000) * 3_600_000;
    const existing: ExistingBreak[] = r.existing.map((e) => ({
      start: nowHour + e.hoursFromNow * 3_600_000 + e.minute * 60_000,
      duration: e.duration,
      status: e.status,
      activityId: r.activities[e.activity % r.activities.length]!.id,
    }));
    return {
      timeZone: r.timeZone,
      workStart: r.workStart,
      workEnd: r.workEnd,
      breaksPerDay: r.breaksPerDay,
      workDays: r.workDays,
      horizonDays: 6,
      now: r.now,
      busy,
      existing,
      activities: r.activities,
      seed: r.seed,
    };
  });

/** What the job stores after a run: kept sessions stay, the new plan replaces every future scheduled one. */
export function withPlanAsExisting(input: PlacementInput, breaks: readonly PlacedBreak[]): PlacementInput {
  const kept = input.existing.filter((b) => b.status !== 'scheduled' || b.start < input.now);
  return {
    ...input,
    existing: [
      ...kept,
      ...breaks.map((b) => ({ start: b.start, duration: b.duration, status: 'scheduled' as const, activityId: b.activityId })),
    ],
  };
}
