import { VALIDATION, type Preferences } from '@breaker/api-contract';
import { Checkbox, Paper, Select, SimpleGrid, Stack } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useReloadSchedule } from '../calendar/use-reload-schedule';
import { SaveFooter } from './SaveFooter';
import { useFormFields } from './use-form-fields';
import { usePreferencesSave } from './use-preferences-save';
import {
  BREAKS_PER_DAY_CHOICES,
  SKIP_BUDGET_CHOICES,
  WORK_END_CHOICES,
  WORK_START_CHOICES,
  formFromPreferences,
  updateFromForm,
  type WorkScheduleForm,
} from './work-schedule-form';
import { CardHeading } from './CardHeading';

const SUCCESS_TEXT = 'Preferences updated successfully!';

/** The choices the form cannot be saved without; each has its own prompt in VALIDATION. */
const REQUIRED_CHOICES = ['breakFrequency', 'skipBudget', 'workStartTime', 'workEndTime'] as const;
type RequiredChoice = (typeof REQUIRED_CHOICES)[number];

export function WorkScheduleCard({ preferences }: { preferences: Preferences }) {
  const reloadSchedule = useReloadSchedule();
  const { form, update } = useFormFields(() => formFromPreferences(preferences));
  const [errors, setErrors] = useState<Partial<Record<keyof WorkScheduleForm, string>>>({});

  const { saved, saveError, pending, clear, save } = usePreferencesSave({
    toast: { title: 'Settings Updated', message: 'Your preferences have been saved successfully.' },
    // New work hours, breaks per day or zone re-plan the breaks (the skip budget alone does not): the user reloads too.
    refresh: reloadSchedule,
  });

  /** What each of the four choices shares: its value from the form, its prompt and error, and no way to clear it. */
  function requiredChoice(field: RequiredChoice) {
    return {
      value: form[field] || null,
      onChange: (value: string | null) => update(field, value ?? ''),
      placeholder: VALIDATION[field],
      error: errors[field],
      allowDeselect: false,
    };
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    clear();
    const nextErrors = Object.fromEntries(
      REQUIRED_CHOICES.filter((field) => !form[field]).map((field) => [field, VALIDATION[field]]),
    );
    setErrors(nextErrors);
    if (Object.keys(nextErrors).length === 0) save(updateFromForm(form));
  }

  return (
    <Paper withBorder radius="lg" p="lg" component="form" onSubmit={submit} noValidate>
      <CardHeading title="Work Schedule">Breaks are planned inside these hours, between your meetings.</CardHeading>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
          <Select label="Breaks per day" data={BREAKS_PER_DAY_CHOICES} {...requiredChoice('breakFrequency')} />
          <Select
            label="Skips a day"
            description="A skip beyond this books a replacement later that day."
            data={SKIP_BUDGET_CHOICES}
            {...requiredChoice('skipBudget')}
          />
          <Select label="Work starts at" data={WORK_START_CHOICES} {...requiredChoice('workStartTime')} />
          <Select label="Work ends at" data={WORK_END_CHOICES} {...requiredChoice('workEndTime')} />
        </SimpleGrid>
        <Checkbox
          label="Enable break notifications"
          description="Get a reminder when a break is due."
          checked={form.notificationsEnabled}
          onChange={(event) => update('notificationsEnabled', event.currentTarget.checked)}
        />
        <SaveFooter saved={saved} successText={SUCCESS_TEXT} saveError={saveError} pending={pending} label="Save Preferences" />
      </Stack>
    </Paper>
  );
}
