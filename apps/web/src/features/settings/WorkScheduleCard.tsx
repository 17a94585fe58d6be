import { VALIDATION, type Preferences } from '@breaker/api-contract';
import { Checkbox, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useReloadSchedule } from '../calendar/use-reload-schedule';
import { SaveFooter } from './SaveFooter';
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

const SUCCESS_TEXT = 'Preferences updated successfully!';

export function WorkScheduleCard({ preferences }: { preferences: Preferences }) {
  const reloadSchedule = useReloadSchedule();
  const [form, setForm] = useState<WorkScheduleForm>(() => formFromPreferences(preferences));
  const [errors, setErrors] = useState<Partial<Record<keyof WorkScheduleForm, string>>>({});

  const { saved, saveError, pending, clear, save } = usePreferencesSave({
    toast: { title: 'Settings Updated', message: 'Your preferences have been saved successfully.' },
    // New work hours, breaks per day or zone re-plan the breaks (the skip budget alone does not): the user reloads too.
    refresh: reloadSchedule,
  });

  function update<K extends keyof WorkScheduleForm>(key: K, value: WorkScheduleForm[K]) {
    setForm((current) => ({ ...current, [key]: value }));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    clear();
    const nextErrors = {
      ...(form.breakFrequency ? {} : { breakFrequency: VALIDATION.breakFrequency }),
      ...(form.skipBudget ? {} : { skipBudget: VALIDATION.skipBudget }),
      ...(form.workStartTime ? {} : { workStartTime: VALIDATION.workStartTime }),
      ...(form.workEndTime ? {} : { workEndTime: VALIDATION.workEndTime }),
    };
    setErrors(nextErrors);
    if (Object.keys(nextErrors).length === 0) save(updateFromForm(form));
  }

  return (
    <Paper withBorder radius="lg" p="lg" component="form" onSubmit={submit} noValidate>
      <Title order={2} fz="lg" mb={4}>
        Work Schedule
      </Title>
      <Text fz="sm" c="dimmed" mb="md">
        Breaks are planned inside these hours, between your meetings.
      </Text>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
          <Select
            label="Breaks per day"
            data={BREAKS_PER_DAY_CHOICES}
            value={form.breakFrequency || null}
            onChange={(value) => update('breakFrequency', value ?? '')}
            placeholder={VALIDATION.breakFrequency}
            error={errors.breakFrequency}
            allowDeselect={false}
          />
          <Select
            label="Skips a day"
            description="A skip beyond this books a replacement later that day."
            data={SKIP_BUDGET_CHOICES}
            value={form.skipBudget || null}
            onChange={(value) => update('skipBudget', value ?? '')}
            placeholder={VALIDATION.skipBudget}
            error={errors.skipBudget}
            allowDeselect={false}
          />
          <Select
            label="Work starts at"
            data={WORK_START_CHOICES}
            value={form.workStartTime || null}
            onChange={(value) => update('workStartTime', value ?? '')}
            placeholder={VALIDATION.workStartTime}
            error={errors.workStartTime}
            allowDeselect={false}
          />
          <Select
            label="Work ends at"
            data={WORK_END_CHOICES}
            value={form.workEndTime || null}
            onChange={(value) => update('workEndTime', value ?? '')}
            placeholder={VALIDATION.workEndTime}
            error={errors.workEndTime}
            allowDeselect={false}
          />
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
