import {
  activityTypes,
  CHOOSABLE_BLOCKING_STATUSES,
  SYNC_CADENCE_OPTIONS,
  type ChoosableBlockingStatus,
  type Preferences,
  type PreferencesUpdate,
  type SyncCadence,
} from '@breaker/api-contract';
import { activityTypeLabel } from '../library/activity-type-label';

export interface PlanningForm {
  /** ISO weekdays as the checkbox group holds them: '1' (Monday) to '7' (Sunday). */
  workDays: string[];
  breakTypes: string[];
  equipment: string[];
  syncCadence: SyncCadence;
  /** Which meetings besides busy ones block breaks. */
  blockingStatuses: string[];
}

export const WORK_DAY_CHOICES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].map((label, index) => ({
  value: String(index + 1),
  label,
}));

export const BREAK_TYPE_CHOICES = activityTypes.map((type) => ({ value: type, label: activityTypeLabel(type) }));

const CADENCE_LABELS: Record<SyncCadence, string> = { hourly: 'Hourly', 'every-4-hours': 'Every 4 hours', daily: 'Daily' };
export const SYNC_CADENCE_CHOICES = SYNC_CADENCE_OPTIONS.map((value) => ({ value, label: CADENCE_LABELS[value] }));

const BLOCKING_LABELS: Record<ChoosableBlockingStatus, string> = {
  tentative: 'Tentative',
  outOfOffice: 'Out of office',
  workingElsewhere: 'Working elsewhere',
};
export const BLOCKING_STATUS_CHOICES = CHOOSABLE_BLOCKING_STATUSES.map((value) => ({ value, label: BLOCKING_LABELS[value] }));

/** The API's list holds at most this many entries of at most this many characters. */
export const EQUIPMENT_LIMITS = { entries: 64, length: 64 } as const;

/** 'none' is how the list says "nothing special": the form shows it as an empty list. */
function shownEquipment(equipment: readonly string[]): string[] {
  return equipment.filter((item) => item.trim() !== '' && item.trim().toLowerCase() !== 'none');
}

export function planningFormFromPreferences(preferences: Preferences): PlanningForm {
  const cadence = SYNC_CADENCE_OPTIONS.find((option) => option === preferences.syncCadence) ?? 'hourly';
  return {
    workDays: preferences.workDays.map(String),
    breakTypes: [...preferences.breakTypes],
    equipment: shownEquipment(preferences.equipment),
    syncCadence: cadence,
    blockingStatuses: [...preferences.blockingStatuses],
  };
}

/** Work days are sent in week order; an empty equipment list is saved as the spec's 'none'. */
export function updateFromPlanningForm(form: PlanningForm): { preferences: PreferencesUpdate } {
  const equipment = shownEquipment(form.equipment.map((item) => item.trim()));
  return {
    preferences: {
      workDays: form.workDays.map(Number).sort((a, b) => a - b),
      breakTypes: [...form.breakTypes],
      equipment: equipment.length > 0 ? equipment : ['none'],
      syncCadence: form.syncCadence,
      blockingStatuses: CHOOSABLE_BLOCKING_STATUSES.filter((status) => form.blockingStatuses.includes(status)),
    },
  };
}

/** Things the catalogue's activities need, as suggestions for the equipment list. */
export function equipmentSuggestions(activities: readonly { equipment: string }[]): string[] {
  return [...new Set(shownEquipment(activities.map((activity) => activity.equipment)))].sort((a, b) => a.localeCompare(b));
}
