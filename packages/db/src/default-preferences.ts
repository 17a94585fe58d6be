import { DEFAULT_PREFERENCES } from '@breaker/api-contract';
import type { Insertable } from 'kysely';
import type { PreferencesRow, PreferencesTable } from './schema.js';

export type NewPreferences = Omit<Insertable<PreferencesTable>, 'user_id' | 'updated_at'>;

/** A new account's preferences: the spec's defaults (3 breaks, 08:00–17:00, weekly view, hourly sync), as a row. */
export function newPreferences(overrides: Partial<NewPreferences> = {}): NewPreferences {
  return {
    break_frequency: DEFAULT_PREFERENCES.breakFrequency,
    work_start_time: DEFAULT_PREFERENCES.workStartTime,
    work_end_time: DEFAULT_PREFERENCES.workEndTime,
    selected_exercise: DEFAULT_PREFERENCES.selectedExercise,
    equipment: [...DEFAULT_PREFERENCES.equipment],
    selected_activities: [],
    break_types: [],
    notifications_enabled: DEFAULT_PREFERENCES.notificationsEnabled,
    calendar_booking_enabled: DEFAULT_PREFERENCES.calendarBookingEnabled,
    sync_cadence: DEFAULT_PREFERENCES.syncCadence,
    calendar_view: DEFAULT_PREFERENCES.calendarView,
    timezone: DEFAULT_PREFERENCES.timezone,
    work_days: [...DEFAULT_PREFERENCES.workDays],
    reminder_lead_minutes: DEFAULT_PREFERENCES.reminderLeadMinutes,
    calendar_alerts_enabled: DEFAULT_PREFERENCES.calendarAlertsEnabled,
    skip_budget: DEFAULT_PREFERENCES.skipBudget,
    blocking_statuses: [...DEFAULT_PREFERENCES.blockingStatuses],
    ...overrides,
  };
}

/** The same, as a stored row (for code that plans without a database). */
export function preferencesRow(userId: string, overrides: Partial<NewPreferences> = {}): PreferencesRow {
  return { user_id: userId, updated_at: new Date(0), ...newPreferences(overrides) } as PreferencesRow;
}
