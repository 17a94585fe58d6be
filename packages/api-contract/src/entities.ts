import { z } from 'zod';
import { MEETING_STATUSES } from './meeting-status.js';
import { preferences } from './preferences.js';

export const activityTypes = ['stretch', 'eye-rest', 'walk', 'exercise', 'mindfulness', 'breathing'] as const;
export type ActivityType = (typeof activityTypes)[number];

export const difficulties = ['easy', 'medium', 'hard'] as const;
export type Difficulty = (typeof difficulties)[number];

export const breakActivity = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  duration: z.number().int(),
  difficulty: z.enum(difficulties),
  equipment: z.string(),
  summary: z.string(),
  /** Spec §3: the instructions as text, the steps in order, one a line. */
  instructions: z.string(),
  /** The same steps one by one, for the guided session and lists. */
  steps: z.array(z.string()),
});
export type BreakActivity = z.infer<typeof breakActivity>;

/** The spec's `instructions` text of an activity's steps: in order, one a line. */
export function instructionsText(steps: readonly string[]): string {
  return steps.join('\n');
}

/** Where a user's calendar comes from: one connection at a time (packages/jobs/src/providers/ has one module each). */
export const calendarProviders = ['google', 'ics', 'caldav', 'microsoft'] as const;
export type CalendarProvider = (typeof calendarProviders)[number];

/** How each provider is named to the user (toasts, the header's indicator, Settings). */
export const CALENDAR_PROVIDER_NAMES: Record<CalendarProvider, string> = {
  google: 'Google Calendar',
  ics: 'Calendar Feed',
  caldav: 'CalDAV',
  microsoft: 'Microsoft Outlook',
};

export const user = z.object({
  id: z.string(),
  email: z.string().nullable(),
  username: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  calendarProvider: z.enum(calendarProviders).nullable(),
  isOnboardingCompleted: z.boolean(),
  preferences,
});
export type User = z.infer<typeof user>;

export const breakSession = z.object({
  id: z.string(),
  scheduledTime: z.string(),
  duration: z.number().int(),
  completedAt: z.string().nullable(),
  skipped: z.boolean(),
  activityId: z.string(),
  placementReason: z.string().nullable(),
  /**
   * Added, moved or changed by hand: Refresh Breakers keeps it while it is still to take. Every answer carries it;
   * a break without it was placed by the planner.
   */
  pinned: z.boolean(),
  activity: breakActivity.pick({
    id: true,
    name: true,
    type: true,
    instructions: true,
    steps: true,
    duration: true,
    difficulty: true,
    equipment: true,
  }),
});
export type BreakSession = z.infer<typeof breakSession>;

export type BreakStatus = 'scheduled' | 'completed' | 'skipped';

/**
 * Spec §4: completed if completedAt is set, else skipped if skipped, else scheduled. The one rule for the web app, the
 * API and the planner: an answer's break carries completedAt as text, a stored one as a Date.
 */
export function breakStatus(session: { completedAt: string | Date | null; skipped: boolean }): BreakStatus {
  if (session.completedAt) return 'completed';
  if (session.skipped) return 'skipped';
  return 'scheduled';
}

export const calendarEvent = z.object({
  id: z.string(),
  title: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  isAllDay: z.boolean(),
  /** Whether it blocks breaks under the user's "Meetings that block breaks" setting. */
  blocksTime: z.boolean(),
  showAs: z.enum(MEETING_STATUSES),
});
export type CalendarEvent = z.infer<typeof calendarEvent>;
