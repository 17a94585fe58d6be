import { DEFAULT_PREFERENCES, type AnalyticsSummary } from '@breaker/api-contract';
import { findPreferences, listBreakOutcomesBetween, listBusySpansBetween } from '@breaker/db';
import type { AppDeps } from '../deps.js';
import { analyticsWindowStart, effectiveZone, summariseAnalytics } from './analytics-summary.js';

/** The signed-in user's analytics over the last weeks, counted in their saved time zone (UTC without one). */
export async function loadAnalytics(deps: AppDeps, userId: string): Promise<AnalyticsSummary> {
  const now = deps.now();
  const preferences = await findPreferences(deps.db, userId);
  const timeZone = effectiveZone(preferences?.timezone);
  const from = analyticsWindowStart(now, timeZone);
  // Read a day ahead: today's meetings count in full toward today's load, and a break of later today already taken
  // or skipped counts; the summary keeps only days up to today and breaks whose outcome is known.
  const dayAhead = new Date(now.getTime() + 24 * 60 * 60 * 1000);
  const breaks = await listBreakOutcomesBetween(deps.db, userId, from, dayAhead);
  const blocking = preferences?.blocking_statuses ?? DEFAULT_PREFERENCES.blockingStatuses;
  const meetings = await listBusySpansBetween(deps.db, userId, from, dayAhead, blocking);
  const work = preferences
    ? { start: preferences.work_start_time, end: preferences.work_end_time, days: preferences.work_days }
    : undefined;
  return summariseAnalytics({ now, timeZone, breaks, meetings, work });
}
