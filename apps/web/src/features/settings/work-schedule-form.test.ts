import { DEFAULT_PREFERENCES, type Preferences } from '@breaker/api-contract';
import { describe, expect, it } from 'vitest';
import { formFromPreferences, updateFromForm } from './work-schedule-form';

const preferences: Preferences = {
  ...DEFAULT_PREFERENCES,
  equipment: [...DEFAULT_PREFERENCES.equipment],
  selectedActivities: [],
  breakTypes: [],
  workDays: [1, 2, 3, 4, 5],
};

describe('work schedule form', () => {
  it('shows a stored breaks-per-day outside 3–6 as 5', () => {
    expect(formFromPreferences({ ...preferences, breakFrequency: 9 }).breakFrequency).toBe('5');
    expect(formFromPreferences({ ...preferences, breakFrequency: 4 }).breakFrequency).toBe('4');
  });

  it('shows the skip budget, 1 by default, and leaves a stored one outside 0–5 unchosen', () => {
    expect(formFromPreferences(preferences).skipBudget).toBe('1');
    expect(formFromPreferences({ ...preferences, skipBudget: 0 }).skipBudget).toBe('0');
    expect(formFromPreferences({ ...preferences, skipBudget: 9 }).skipBudget).toBe('');
  });

  it('leaves times outside the options unchosen', () => {
    expect(formFromPreferences({ ...preferences, workStartTime: '06:30' }).workStartTime).toBe('');
  });

  it("sends the spec's fields and the skip budget with the browser's time zone", () => {
    const update = updateFromForm({
      breakFrequency: '4',
      skipBudget: '2',
      workStartTime: '07:00',
      workEndTime: '19:00',
      notificationsEnabled: false,
    });
    expect(update).toEqual({
      preferences: {
        breakFrequency: 4,
        skipBudget: 2,
        workStartTime: '07:00',
        workEndTime: '19:00',
        notificationsEnabled: false,
        timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      },
    });
  });
});
