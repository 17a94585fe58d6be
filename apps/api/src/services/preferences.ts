import {
  AppError,
  SERVER_MESSAGES,
  type Preferences,
  type PreferencesUpdate,
  type SelectedActivitiesInput,
} from '@breaker/api-contract';
import {
  findMissingActivityIds,
  findPreferences,
  listUpcomingBreakFields,
  updatePreferences,
  type PreferencesPatch,
} from '@breaker/db';
import type { AppDeps } from '../deps.js';
import { toPreferences } from './user-view.js';

export async function getPreferences(deps: AppDeps, userId: string): Promise<Preferences> {
  const row = await findPreferences(deps.db, userId);
  if (!row) throw new AppError('NOT_FOUND', 'Your preferences could not be found');
  return toPreferences(row);
}

/**
 * What the planner reads from the settings (work hours, breaks per day, zone, work days, break types, equipment, the
 * meetings that block): a new value re-plans the breaks already planned. A user with none has nothing to re-plan;
 * Refresh Breakers plans their first ones.
 */
const PLANNED_BY = [
  'workStartTime',
  'workEndTime',
  'breakFrequency',
  'timezone',
  'workDays',
  'breakTypes',
  'equipment',
  'blockingStatuses',
] as const;

function samePlan(current: Preferences, saved: Preferences): boolean {
  return PLANNED_BY.every((key) => JSON.stringify(current[key]) === JSON.stringify(saved[key]));
}

export async function savePreferences(deps: AppDeps, userId: string, update: PreferencesUpdate): Promise<Preferences> {
  const current = await getPreferences(deps, userId);
  const start = update.workStartTime ?? current.workStartTime;
  const end = update.workEndTime ?? current.workEndTime;
  if (start >= end) throw new AppError('BAD_REQUEST', 'Work must end after it starts');
  const patch: PreferencesPatch = {
    break_frequency: update.breakFrequency,
    work_start_time: update.workStartTime,
    work_end_time: update.workEndTime,
    notifications_enabled: update.notificationsEnabled,
    timezone: update.timezone,
    selected_exercise: update.selectedExercise,
    equipment: update.equipment,
    break_types: update.breakTypes,
    calendar_booking_enabled: update.calendarBookingEnabled,
    sync_cadence: update.syncCadence,
    calendar_view: update.calendarView,
    work_days: update.workDays,
    reminder_lead_minutes: update.reminderLeadMinutes,
    calendar_alerts_enabled: update.calendarAlertsEnabled,
    skip_budget: update.skipBudget,
    blocking_statuses: update.blockingStatuses,
  };
  const defined = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
  const saved = toPreferences(await updatePreferences(deps.db, userId, defined));
  // Booking and alerts both change what the calendar's events say.
  if (update.calendarBookingEnabled !== undefined || update.calendarAlertsEnabled !== undefined) {
    await deps.jobs.writeBreaksBack(userId);
  }
  if (!samePlan(current, saved) && (await listUpcomingBreakFields(deps.db, userId, deps.now())).length > 0) {
    await deps.jobs.placeBreaks({ userId, trigger: 'preferences' });
  }
  return saved;
}

/** Until the user picks a zone in Settings they are planned in UTC; the browser's zone is a better guess, never an override. */
export async function adoptTimeZone(deps: AppDeps, userId: string, timezone: string): Promise<Preferences> {
  const current = await getPreferences(deps, userId);
  if (current.timezone) return current;
  return toPreferences(await updatePreferences(deps.db, userId, { timezone }));
}

export async function saveSelectedActivities(
  deps: AppDeps,
  userId: string,
  input: SelectedActivitiesInput,
): Promise<{ selectedActivities: string[] }> {
  const unique = [...new Set(input.selectedActivities)];
  const missing = await findMissingActivityIds(deps.db, unique);
  if (missing.length > 0) throw new AppError('BAD_REQUEST', SERVER_MESSAGES.unknownActivity);
  const row = await updatePreferences(deps.db, userId, { selected_activities: unique });
  return { selectedActivities: row.selected_activities };
}
