import { effectiveBreaksPerDay, type Preferences } from '@breaker/api-contract';
import { activityTypeLabel } from '../library/activity-type-label';

export function breakTypesSummary(preferences: Preferences): string {
  return preferences.breakTypes.length > 0 ? preferences.breakTypes.map(activityTypeLabel).join(', ') : 'No preferences set';
}

export function equipmentSummary(preferences: Preferences): string {
  const equipment = preferences.equipment.filter((item) => item && item !== 'none');
  return equipment.length > 0 ? equipment.map(activityTypeLabel).join(', ') : 'No equipment specified';
}

export function breaksPerDaySummary(preferences: Preferences): string {
  return String(effectiveBreaksPerDay(preferences.breakFrequency));
}
