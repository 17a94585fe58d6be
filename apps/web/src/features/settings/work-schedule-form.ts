import {
  BREAKS_PER_DAY_OPTIONS,
  SKIP_BUDGET_MAX,
  SKIP_BUDGET_MIN,
  WORK_END_OPTIONS,
  WORK_START_OPTIONS,
  effectiveBreaksPerDay,
  type Preferences,
  type PreferencesUpdate,
} from '@breaker/api-contract';
import { browserTimeZone } from '../../time/time-zone';

export interface WorkScheduleForm {
  breakFrequency: string;
  /** Breaks a day the user may skip before a skip books a replacement. */
  skipBudget: string;
  workStartTime: string;
  workEndTime: string;
  notificationsEnabled: boolean;
}

export const BREAKS_PER_DAY_CHOICES = BREAKS_PER_DAY_OPTIONS.map(String);
export const SKIP_BUDGET_CHOICES = Array.from({ length: SKIP_BUDGET_MAX - SKIP_BUDGET_MIN + 1 }, (_, i) =>
  String(SKIP_BUDGET_MIN + i),
);
export const WORK_START_CHOICES = [...WORK_START_OPTIONS];
export const WORK_END_CHOICES = [...WORK_END_OPTIONS];

function pick(value: string, choices: readonly string[]): string | null {
  return choices.includes(value) ? value : null;
}

/** Stored values outside the option sets are shown as the spec's fallbacks (breaks per day) or left unchosen. */
export function formFromPreferences(preferences: Preferences): WorkScheduleForm {
  return {
    breakFrequency: String(effectiveBreaksPerDay(preferences.breakFrequency)),
    skipBudget: pick(String(preferences.skipBudget), SKIP_BUDGET_CHOICES) ?? '',
    workStartTime: pick(preferences.workStartTime, WORK_START_CHOICES) ?? '',
    workEndTime: pick(preferences.workEndTime, WORK_END_CHOICES) ?? '',
    notificationsEnabled: preferences.notificationsEnabled,
  };
}

/** The update sent on save; the time zone is the browser's at that moment (spec §3). */
export function updateFromForm(form: WorkScheduleForm): { preferences: PreferencesUpdate } {
  return {
    preferences: {
      breakFrequency: Number(form.breakFrequency),
      skipBudget: Number(form.skipBudget),
      workStartTime: form.workStartTime as PreferencesUpdate['workStartTime'],
      workEndTime: form.workEndTime as PreferencesUpdate['workEndTime'],
      notificationsEnabled: form.notificationsEnabled,
      timezone: browserTimeZone(),
    },
  };
}
