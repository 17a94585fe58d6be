import type { AnalyticsSummary } from '@breaker/api-contract';
import { findPreferences, listBreakOutcomesBetween, listBusySpansBetween } from '@breaker/db';
import type { AppDeps } from '../deps.js';
import { analyticsWindowStart, effectiveZone, summariseAnalytics } from './analytics-summary.js';

/** The signed-in user's analytics over the last weeks, counted in their saved time zone (UTC without one). */
export async function loadAnalytics(deps: AppDeps, userId: string): Promise<AnalyticsSummary> {
  const now = deps.now();
  const preferences = await findPreferences(deps.db, userId);
  const timeZone = effectiveZone(preferences?.timezone);
  const from = analyticsWindowStart(now, timeZone);
  // Today's meetings count in full toward today's load, so the meetings are read up to the end of the day.
  const endOfToday = new Date(now.getTime() + 24 * 60 * 60 * 1000);
  const breaks = await listBreakOutcomesBetween(deps.db, userId, from, now);
  const meetings = await listBusySpansBetween(deps.db, userId, from, endOfToday);
  return summariseAnalytics({ now, timeZone, breaks, meetings });
}
