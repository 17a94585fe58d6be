import { DEFAULT_PREFERENCES, type Preferences } from '@breaker/api-contract';
import { describe, expect, it } from 'vitest';
import { equipmentSuggestions, planningFormFromPreferences, updateFromPlanningForm } from './planning-form';

const preferences: Preferences = { ...DEFAULT_PREFERENCES, equipment: ['none'], workDays: [1, 2, 3, 4, 5], breakTypes: [] };

describe('the planning form', () => {
  it('shows the defaults as Monday to Friday, no types, no equipment, hourly', () => {
    expect(planningFormFromPreferences(preferences)).toEqual({
      workDays: ['1', '2', '3', '4', '5'],
      breakTypes: [],
      equipment: [],
      syncCadence: 'hourly',
      blockingStatuses: ['tentative', 'outOfOffice'],
    });
  });

  it('shows an unknown stored cadence as hourly, and blank or none equipment as nothing', () => {
    const form = planningFormFromPreferences({ ...preferences, syncCadence: 'weekly', equipment: [' ', 'None', 'stairs'] });
    expect(form).toMatchObject({ syncCadence: 'hourly', equipment: ['stairs'] });
  });

  it('sends work days in week order, trims equipment, and saves no equipment as none', () => {
    expect(
      updateFromPlanningForm({
        workDays: ['7', '2'],
        breakTypes: ['walk'],
        equipment: [' stairs '],
        syncCadence: 'daily',
        blockingStatuses: ['workingElsewhere', 'tentative'],
      }),
    ).toEqual({
      preferences: {
        workDays: [2, 7],
        breakTypes: ['walk'],
        equipment: ['stairs'],
        syncCadence: 'daily',
        blockingStatuses: ['tentative', 'workingElsewhere'],
      },
    });
    expect(
      updateFromPlanningForm({ workDays: ['1'], breakTypes: [], equipment: [], syncCadence: 'hourly', blockingStatuses: [] })
        .preferences.equipment,
    ).toEqual(['none']);
  });

  it('suggests each thing the catalogue needs once, in order, without none', () => {
    expect(
      equipmentSuggestions([{ equipment: 'stairs' }, { equipment: 'none' }, { equipment: 'a wall' }, { equipment: 'stairs' }]),
    ).toEqual(['a wall', 'stairs']);
  });
});
