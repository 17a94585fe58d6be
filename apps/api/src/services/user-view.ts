import type { Preferences, User } from '@breaker/api-contract';
import type { PreferencesRow, SessionUser } from '@breaker/db';

export function toPreferences(row: PreferencesRow): Preferences {
  return {
    breakFrequency: row.break_frequency,
    workStartTime: row.work_start_time,
    workEndTime: row.work_end_time,
    selectedExercise: row.selected_exercise,
    equipment: row.equipment,
    selectedActivities: row.selected_activities,
    breakTypes: row.break_types,
    notificationsEnabled: row.notifications_enabled,
    calendarBookingEnabled: row.calendar_booking_enabled,
    syncCadence: row.sync_cadence,
    calendarView: row.calendar_view,
    timezone: row.timezone,
    workDays: row.work_days,
    reminderLeadMinutes: row.reminder_lead_minutes,
    skipBudget: row.skip_budget,
    calendarAlertsEnabled: row.calendar_alerts_enabled,
    blockingStatuses: row.blocking_statuses,
  };
}

export function toUser(user: SessionUser, preferences: PreferencesRow): User {
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    firstName: user.first_name,
    lastName: user.last_name,
    profileImageUrl: user.profile_image_url,
    calendarProvider: user.calendar_provider,
    isOnboardingCompleted: user.is_onboarding_completed,
    preferences: toPreferences(preferences),
  };
}
