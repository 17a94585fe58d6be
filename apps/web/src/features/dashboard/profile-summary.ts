import { effectiveBreaksPerDay, type Preferences } from '@breaker/api-contract';
import { activityTypeLabel } from '../library/activity-type-label';

export function hasBreakTypes(preferences: Preferences): boolean {
  return preferences.breakTypes.length > 0;
}

export function breakTypesSummary(preferences: Preferences): string {
  return hasBreakTypes(preferences) ? preferences.breakTypes.map(activityTypeLabel).join(', ') : 'No preferences set';
}

function namedEquipment(preferences: Preferences): string[] {
  return preferences.equipment.filter((item) => item && item !== 'none');
}

export function hasEquipment(preferences: Preferences): boolean {
  return namedEquipment(preferences).length > 0;
}

export function equipmentSummary(preferences: Preferences): string {
  const equipment = namedEquipment(preferences);
  return equipment.length > 0 ? equipment.map(activityTypeLabel).join(', ') : 'No equipment specified';
}

export function breaksPerDaySummary(preferences: Preferences): string {
  return String(effectiveBreaksPerDay(preferences.breakFrequency));
}
