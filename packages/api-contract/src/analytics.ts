import { z } from 'zod';

/** Analytics look back over this many Monday-started weeks, the current one included. */
export const ANALYTICS_WEEKS = 8;

/** The history list shows at most this many past breaks, newest first. */
export const ANALYTICS_HISTORY_LIMIT = 60;

/** Meeting-load bands, in busy hours per day: a day with 3 h of meetings falls in the band starting at 2. */
export const MEETING_LOAD_BANDS = [
  { fromHours: 0, label: 'Under 2 h' },
  { fromHours: 2, label: '2 to 4 h' },
  { fromHours: 4, label: '4 to 6 h' },
  { fromHours: 6, label: '6 h or more' },
] as const;

const count = z.number().int().nonnegative();
/** Completed out of planned, from 0 to 1; null when nothing was planned. */
const rate = z.number().min(0).max(1).nullable();

/** What became of a break whose time has passed: taken, skipped, or left untouched (missed). */
export const breakOutcome = z.enum(['completed', 'skipped', 'missed']);
export type BreakOutcome = z.infer<typeof breakOutcome>;

export const analyticsDay = z.object({
  /** Local date (YYYY-MM-DD) in the user's time zone. */
  day: z.string(),
  planned: count,
  completed: count,
  skipped: count,
  missed: count,
  rate,
  /** Minutes of meetings that block time on that day (overlaps counted once). */
  busyMinutes: count,
});
export type AnalyticsDay = z.infer<typeof analyticsDay>;

export const analyticsWeek = z.object({
  /** The week's Monday (YYYY-MM-DD). */
  weekStart: z.string(),
  planned: count,
  completed: count,
  rate,
});
export type AnalyticsWeek = z.infer<typeof analyticsWeek>;

export const analyticsTypeShare = z.object({ type: z.string(), planned: count, completed: count });
export type AnalyticsTypeShare = z.infer<typeof analyticsTypeShare>;

export const meetingLoadBand = z.object({ label: z.string(), days: count, planned: count, completed: count, rate });
export type MeetingLoadBand = z.infer<typeof meetingLoadBand>;

export const analyticsHistoryEntry = z.object({
  id: z.string(),
  scheduledTime: z.string(),
  duration: count,
  activityName: z.string(),
  activityType: z.string(),
  outcome: breakOutcome,
});
export type AnalyticsHistoryEntry = z.infer<typeof analyticsHistoryEntry>;

/**
 * The longest sitting stretch of a work day with breaks planned (today: so far), in minutes: before = the work day
 * with its meetings as one sitting stretch, breaks ignored; after = the longest stretch between the breaks actually
 * taken, each ending when it was marked done.
 */
export const sittingStretchDay = z.object({ day: z.string(), beforeMinutes: count, afterMinutes: count });
export type SittingStretchDay = z.infer<typeof sittingStretchDay>;

/** Everything the analytics screen shows, over the last ANALYTICS_WEEKS weeks, counted in the user's time zone. */
export const analyticsSummary = z.object({
  timeZone: z.string(),
  /** First and last local day of the window (YYYY-MM-DD); the last is today. */
  from: z.string(),
  to: z.string(),
  totals: z.object({ planned: count, completed: count, skipped: count, missed: count, rate }),
  /** Days in a row with at least one break taken; days without planned breaks neither count nor break a run. */
  streak: z.object({ current: count, longest: count }),
  days: z.array(analyticsDay),
  weeks: z.array(analyticsWeek),
  typeMix: z.array(analyticsTypeShare),
  meetingLoad: z.array(meetingLoadBand),
  /** Oldest first; only work days on which breaks were planned, up to now. */
  sittingStretches: z.array(sittingStretchDay),
  history: z.array(analyticsHistoryEntry),
});
export type AnalyticsSummary = z.infer<typeof analyticsSummary>;
