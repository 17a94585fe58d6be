import { AppError } from '@breaker/api-contract';
import { findSchedulingRun, type Db } from '@breaker/db';
import {
  dayStretches,
  placeBreaks,
  startOfLocalDay,
  verifyPlacement,
  workDayFrames,
  type DayStretch,
  type PlacedBreak,
  type PlacementInput,
  type PlacementResult,
} from '@breaker/scheduler';
import { DateTime } from 'luxon';
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';

/** A recorded run, as a `scheduling_runs` row (from the database, or exported from production as JSON). */
export interface RecordedRun {
  id: string;
  engine_version: string;
  input: unknown;
  output: unknown;
}

export interface ReplayReport {
  runId: string;
  engineVersion: { recorded: string; current: string };
  /** The same breaks (start, duration, activity, reason) and the same shortfalls. */
  identical: boolean;
  recorded: PlacementResult;
  replayed: PlacementResult;
  /** What differs, one line each; empty when identical. */
  differences: string[];
  /** Rules the replayed plan breaks (expected empty: the engine's own checker). */
  violations: string[];
  /** Day by day in the user's zone: meetings, kept sessions, breaks with their reasons, shortfalls. */
  timeline: string;
}

/** Epoch milliseconds, or an ISO string as runs recorded before engine 2 stored them. */
const instant = z.union([z.number(), z.string()]).transform((value, ctx) => {
  const ms = typeof value === 'number' ? value : Date.parse(value);
  if (!Number.isFinite(ms)) {
    ctx.addIssue({ code: 'custom', message: `not a time: ${String(value)}` });
    return z.NEVER;
  }
  return ms;
});

const placementInput = z.object({
  timeZone: z.string(),
  workStart: z.string(),
  workEnd: z.string(),
  breaksPerDay: z.number(),
  workDays: z.array(z.number()).default([1, 2, 3, 4, 5]),
  horizonDays: z.number().default(6),
  now: instant,
  busy: z.array(z.object({ start: instant, end: instant })),
  existing: z.array(
    z.object({
      start: instant,
      duration: z.number(),
      status: z.enum(['scheduled', 'completed', 'skipped']),
      activityId: z.string(),
      // Absent in runs recorded before breaks could be pinned.
      pinned: z.boolean().optional(),
    }),
  ),
  activities: z.array(z.object({ id: z.string(), type: z.string(), duration: z.number() })),
  seed: z.number(),
});

const placementResult = z.object({
  engineVersion: z.string(),
  breaks: z.array(z.object({ start: instant, duration: z.number(), activityId: z.string(), reason: z.string() })),
  shortfalls: z.array(z.object({ date: z.string(), asked: z.number(), placed: z.number(), reason: z.string() })),
});

function parseJson(value: unknown): unknown {
  return typeof value === 'string' ? JSON.parse(value) : value;
}

function parse<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const parsed = schema.safeParse(parseJson(value));
  if (!parsed.success)
    throw new AppError('BAD_REQUEST', `The recorded ${what} is not readable: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** A recorded run's input, in the engine's current shape. */
export function recordedInput(run: RecordedRun): PlacementInput {
  return parse(placementInput, run.input, 'input');
}

export function recordedOutput(run: RecordedRun): PlacementResult {
  return parse(placementResult, run.output, 'output');
}

/** A run read from a JSON file: a `scheduling_runs` row (input/output as objects or JSON text), or `{ run: row }`. */
export function runFromJson(text: string): RecordedRun {
  const data: unknown = JSON.parse(text);
  const row = z
    .object({
      id: z.union([z.string(), z.number()]).transform(String).default('file'),
      engine_version: z.string().default('unknown'),
      input: z.unknown(),
      output: z.unknown(),
    })
    .safeParse(
      data && typeof data === 'object' && 'run' in data ? (data as { run: unknown }).run : Array.isArray(data) ? data[0] : data,
    );
  if (!row.success || row.data.input === undefined || row.data.output === undefined) {
    throw new AppError('BAD_REQUEST', 'Expected a scheduling run: { id, engine_version, input, output }');
  }
  return row.data as RecordedRun;
}

/** Runs the engine again on a recorded run's exact input: the engine is pure, so any difference is a change in it. */
export function replayRun(run: RecordedRun): ReplayReport {
  const input = recordedInput(run);
  const recorded = recordedOutput(run);
  const replayed = placeBreaks(input);
  const differences = differencesBetween(input, recorded, replayed);
  return {
    runId: run.id,
    engineVersion: { recorded: run.engine_version, current: replayed.engineVersion },
    identical: differences.length === 0,
    recorded,
    replayed,
    differences,
    violations: verifyPlacement(input, replayed),
    timeline: timeline(input, recorded, replayed),
  };
}

export async function replaySchedulingRun(db: Db, runId: string): Promise<ReplayReport> {
  const run = await findSchedulingRun(db, runId);
  if (!run) throw new AppError('NOT_FOUND', `No scheduling run ${runId}`);
  return replayRun(run);
}

function clock(ms: number, zone: string): string {
  return DateTime.fromMillis(ms, { zone }).toFormat('ccc dd LLL HH:mm');
}

function describeBreak(b: PlacedBreak, zone: string): string {
  return `${clock(b.start, zone)} ${b.duration} min ${b.activityId}`;
}

function differencesBetween(input: PlacementInput, recorded: PlacementResult, replayed: PlacementResult): string[] {
  const zone = input.timeZone;
  const lines: string[] = [];
  const before = new Map(recorded.breaks.map((b) => [b.start, b]));
  const after = new Map(replayed.breaks.map((b) => [b.start, b]));
  for (const b of recorded.breaks) {
    const now = after.get(b.start);
    if (!now) lines.push(`- break ${describeBreak(b, zone)} is no longer placed`);
    else if (!isDeepStrictEqual(now, b)) {
      const changed = (['activityId', 'duration', 'reason'] as const)
        .filter((key) => now[key] !== b[key])
        .map((key) => `${key} ${JSON.stringify(b[key])} → ${JSON.stringify(now[key])}`);
      lines.push(`~ break ${clock(b.start, zone)}: ${changed.join('; ')}`);
    }
  }
  for (const b of replayed.breaks) if (!before.has(b.start)) lines.push(`+ break ${describeBreak(b, zone)} is new`);
  const shortBefore = new Map(recorded.shortfalls.map((s) => [s.date, s]));
  const shortAfter = new Map(replayed.shortfalls.map((s) => [s.date, s]));
  for (const [date, s] of shortBefore) {
    const now = shortAfter.get(date);
    if (!now) lines.push(`- shortfall ${date} (${s.placed}/${s.asked}) is gone`);
    else if (!isDeepStrictEqual(now, s))
      lines.push(`~ shortfall ${date}: ${s.placed}/${s.asked} "${s.reason}" → ${now.placed}/${now.asked} "${now.reason}"`);
  }
  for (const [date, s] of shortAfter)
    if (!shortBefore.has(date)) lines.push(`+ shortfall ${date} (${s.placed}/${s.asked}): ${s.reason}`);
  return lines;
}

/** The plan day by day in the user's zone; breaks only in the recorded plan are marked "-", only in the replay "+". */
export function timeline(input: PlacementInput, recorded: PlacementResult, replayed: PlacementResult): string {
  const zone = input.timeZone;
  const hm = (ms: number) => DateTime.fromMillis(ms, { zone }).toFormat('HH:mm');
  const frames = new Map(workDayFrames(input).map((f) => [f.date, f]));
  const stretches = new Map(dayStretches(input, replayed).map((d) => [d.date, d]));
  const recordedKeys = new Set(recorded.breaks.map((b) => JSON.stringify(b)));
  const replayedKeys = new Set(replayed.breaks.map((b) => JSON.stringify(b)));
  const out: string[] = [
    `Run for ${input.timeZone}, work ${input.workStart}–${input.workEnd}, ${input.breaksPerDay} breaks a day, ` +
      `now ${DateTime.fromMillis(input.now, { zone }).toFormat('ccc dd LLL yyyy HH:mm')}, seed ${input.seed}, ` +
      `${input.activities.length} activities in the pool`,
  ];
  const today = startOfLocalDay(zone, input.now);
  for (let offset = 0; offset < input.horizonDays; offset += 1) {
    const day = today.plus({ days: offset });
    const date = day.toISODate()!;
    const [from, to] = [day.toMillis(), day.plus({ days: 1 }).toMillis()];
    const frame = frames.get(date);
    out.push('', `${day.toFormat('cccc dd LLL yyyy')}${frame ? '' : ' — not a work day'}`);
    const rows: { at: number; text: string }[] = [];
    for (const m of input.busy) {
      if (m.end > from && m.start < to)
        rows.push({ at: Math.max(m.start, from), text: `  ${hm(m.start)}–${hm(m.end)}  meeting` });
    }
    for (const k of input.existing) {
      if (k.start < from || k.start >= to) continue;
      const kept = k.status !== 'scheduled' || k.pinned === true || k.start < input.now;
      const status = k.status === 'scheduled' && k.pinned ? 'pinned' : k.status;
      rows.push({
        at: k.start,
        text: `  ${hm(k.start)}        ${kept ? `kept (${status})` : 'replaced (was scheduled)'} ${k.activityId}, ${k.duration} min`,
      });
    }
    const breaks = [...replayed.breaks, ...recorded.breaks.filter((b) => !replayedKeys.has(JSON.stringify(b)))];
    for (const b of breaks) {
      if (b.start < from || b.start >= to) continue;
      const mark = !recordedKeys.has(JSON.stringify(b)) ? '+' : !replayedKeys.has(JSON.stringify(b)) ? '-' : ' ';
      const type = input.activities.find((a) => a.id === b.activityId)?.type ?? '?';
      rows.push({
        at: b.start,
        text: `${mark} ${hm(b.start)}–${hm(b.start + b.duration * 60_000)}  BREAK ${b.activityId} (${type}): ${b.reason}`,
      });
    }
    rows.sort((a, b) => a.at - b.at);
    if (frame) out.push(`  ${hm(frame.workStart)}        work starts`);
    out.push(...rows.map((r) => r.text));
    if (frame) out.push(`  ${hm(frame.workEnd)}        work ends`);
    const stretch = stretches.get(date);
    if (stretch) out.push(`  = ${stretchLine(stretch)}`);
    for (const s of replayed.shortfalls.filter((x) => x.date === date))
      out.push(`  ! ${s.placed} of ${s.asked} breaks: ${s.reason}`);
  }
  return out.join('\n');
}

/** Rules 1 and 2 for one day: the longest stretch without a break against the optimum, and the runs recovered. */
function stretchLine(day: DayStretch): string {
  const optimum = day.optimum === undefined ? 'no optimum with kept breaks' : `optimum ${day.optimum} min`;
  const left = day.runs - day.followable;
  const runs =
    day.runs > 0
      ? `; ${day.recovered} of ${day.runs} runs of 60+ min followed by a break within 20 min` +
        (left > 0 ? ` (${left} more only with a longest stretch past 1.1 × the optimum${until(day.followAll)})` : '')
      : '';
  return `longest sitting stretch ${day.longest} min with ${day.breaks} breaks (${optimum})${runs}`;
}

function until(stretch: number | undefined): string {
  return stretch === undefined ? '' : `: ${stretch} min`;
}

/** What the CLI prints. */
export function formatReport(report: ReplayReport): string {
  const { recorded, current } = report.engineVersion;
  const lines = [
    `Scheduling run ${report.runId}: engine ${recorded} recorded, ${current} now${recorded === current ? '' : ' (a different engine)'}`,
    '',
    report.timeline,
    '',
  ];
  if (report.identical)
    lines.push(`Identical: the replay gives the recorded ${report.replayed.breaks.length} breaks and shortfalls.`);
  else
    lines.push(`Different from the recorded output (${report.differences.length}):`, ...report.differences.map((d) => `  ${d}`));
  if (report.violations.length > 0)
    lines.push('', 'Rules broken by the replayed plan:', ...report.violations.map((v) => `  ${v}`));
  return `${lines.join('\n')}\n`;
}
