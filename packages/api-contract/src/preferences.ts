import { z } from 'zod';
import {
  BREAKS_PER_DAY_FALLBACK,
  BREAKS_PER_DAY_OPTIONS,
  SKIP_BUDGET_MAX,
  SKIP_BUDGET_MIN,
  SYNC_CADENCE_OPTIONS,
  WORK_END_OPTIONS,
  WORK_START_OPTIONS,
} from './constants.js';
import { CHOOSABLE_BLOCKING_STATUSES } from './meeting-status.js';
import { VALIDATION } from './messages.js';
import { REMINDER_LEAD_OPTIONS } from './push.js';
import { text } from './text.js';
import { canonicalTimeZone } from './time-zone.js';

/**
 * A time zone as the user sends it, stored under its canonical name. Kept apart from the zone rules in time-zone.ts,
 * which the web app's entry imports without zod.
 */
export const timeZone = z.pipe(
  text({ min: 1, max: 64, required: VALIDATION.timezone, tooLong: VALIDATION.timezone }),
  z.transform((zone: string, context) => {
    const canonical = canonicalTimeZone(zone);
    if (canonical === undefined) context.addIssue({ code: 'custom', message: VALIDATION.timezone, input: zone });
    return canonical ?? zone;
  }),
);

/** A stored breaks-per-day outside 3–6 counts as 5 (spec §5). */
export function effectiveBreaksPerDay(stored: number | null | undefined): number {
  return (BREAKS_PER_DAY_OPTIONS as readonly number[]).includes(stored ?? -1) ? (stored as number) : BREAKS_PER_DAY_FALLBACK;
}

export const preferences = z.object({
  breakFrequency: z.number().int(),
  workStartTime: z.string(),
  workEndTime: z.string(),
  selectedExercise: z.string().nullable(),
  equipment: z.array(z.string()),
  selectedActivities: z.array(z.string()),
  breakTypes: z.array(z.string()),
  notificationsEnabled: z.boolean(),
  calendarBookingEnabled: z.boolean(),
  syncCadence: z.string(),
  calendarView: z.string(),
  timezone: z.string().nullable(),
  workDays: z.array(z.number().int().min(1).max(7)),
  reminderLeadMinutes: z.number().int(),
  calendarAlertsEnabled: z.boolean(),
  /** Breaks a day the user may skip; a skip beyond it books a replacement. */
  skipBudget: z.number().int(),
  /** Which meetings besides busy ones block breaks: tentative, outOfOffice, workingElsewhere (meeting-status.ts). */
  blockingStatuses: z.array(z.string()),
});
export type Preferences = z.infer<typeof preferences>;

const shortList = z.array(text({ min: 1, max: 64 })).max(64);

/** PUT /api/user/preferences: every field optional, each checked against the spec's option sets. */
export const preferencesUpdate = z
  .object({
    breakFrequency: z
      .number({ error: VALIDATION.breakFrequency })
      .int(VALIDATION.breakFrequency)
      .refine((n) => (BREAKS_PER_DAY_OPTIONS as readonly number[]).includes(n), VALIDATION.breakFrequency),
    workStartTime: z.enum(WORK_START_OPTIONS, { error: VALIDATION.workStartTime }),
    workEndTime: z.enum(WORK_END_OPTIONS, { error: VALIDATION.workEndTime }),
    notificationsEnabled: z.boolean(),
    timezone: timeZone,
    selectedExercise: text({ min: 1, max: 64 }),
    equipment: shortList,
    breakTypes: shortList,
    calendarBookingEnabled: z.boolean(),
    syncCadence: z.enum(SYNC_CADENCE_OPTIONS, { error: 'Choose how often your calendar syncs: hourly, every 4 hours or daily' }),
    calendarView: z.enum(['week', 'day']),
    workDays: z
      .array(z.number().int().min(1).max(7))
      .min(1, 'Choose at least one work day')
      .max(7)
      .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
    reminderLeadMinutes: z
      .number({ error: VALIDATION.reminderLeadMinutes })
      .int(VALIDATION.reminderLeadMinutes)
      .refine((n) => (REMINDER_LEAD_OPTIONS as readonly number[]).includes(n), VALIDATION.reminderLeadMinutes),
    calendarAlertsEnabled: z.boolean(),
    skipBudget: z
      .number({ error: VALIDATION.skipBudget })
      .int(VALIDATION.skipBudget)
      .min(SKIP_BUDGET_MIN, VALIDATION.skipBudget)
      .max(SKIP_BUDGET_MAX, VALIDATION.skipBudget),
    blockingStatuses: z
      .array(z.enum(CHOOSABLE_BLOCKING_STATUSES, { error: VALIDATION.blockingStatuses }), { error: VALIDATION.blockingStatuses })
      .max(CHOOSABLE_BLOCKING_STATUSES.length)
      .transform((statuses) => CHOOSABLE_BLOCKING_STATUSES.filter((status) => statuses.includes(status))),
  })
  .partial();
export type PreferencesUpdate = z.infer<typeof preferencesUpdate>;

export const updatePreferencesInput = z.object({ preferences: preferencesUpdate });
export type UpdatePreferencesInput = z.infer<typeof updatePreferencesInput>;

/** The browser's zone, kept only for a user who has never chosen one (sign-in, before Settings is first saved). */
export const adoptTimeZoneInput = z.object({ timezone: timeZone });
export type AdoptTimeZoneInput = z.infer<typeof adoptTimeZoneInput>;

export const selectedActivitiesInput = z.object({
  selectedActivities: z.array(text({ min: 1, max: 80 })).max(200),
});
export type SelectedActivitiesInput = z.infer<typeof selectedActivitiesInput>;
