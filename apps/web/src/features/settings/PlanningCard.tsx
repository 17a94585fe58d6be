import type { Preferences } from '@breaker/api-contract';
import { Paper, Stack, TagsInput, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { trpc } from '../../trpc';
import { useReloadSchedule } from '../calendar/use-reload-schedule';
import { SegmentedChoice } from '../layout/SegmentedChoice';
import { ChoiceCheckboxes } from './ChoiceCheckboxes';
import { PLANNING_CARD_ID } from './planning-anchor';
import { SaveFooter } from './SaveFooter';
import { useFormFields } from './use-form-fields';
import { usePreferencesSave } from './use-preferences-save';
import {
  BLOCKING_STATUS_CHOICES,
  BREAK_TYPE_CHOICES,
  EQUIPMENT_LIMITS,
  SYNC_CADENCE_CHOICES,
  WORK_DAY_CHOICES,
  equipmentSuggestions,
  planningFormFromPreferences,
  updateFromPlanningForm,
} from './planning-form';
import { CardHeading } from './CardHeading';

const SUCCESS_TEXT = 'Planning saved: your breaks follow it from now on.';

/**
 * What the planner reads beyond work hours: the days, the kinds of break, what is at hand, which meetings block, how
 * often to sync.
 */
export function PlanningCard({ preferences }: { preferences: Preferences }) {
  const reloadSchedule = useReloadSchedule();
  const activities = trpc.activities.list.useQuery();
  const { form, update } = useFormFields(() => planningFormFromPreferences(preferences));
  const [daysError, setDaysError] = useState<string>();

  const { saved, saveError, pending, clear, save } = usePreferencesSave({
    toast: { title: 'Planning Updated', message: 'Your breaks are planned with your new choices.' },
    // The breaks were re-planned with the new choices.
    refresh: reloadSchedule,
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    clear();
    const noDays = form.workDays.length === 0 ? 'Choose at least one work day' : undefined;
    setDaysError(noDays);
    if (!noDays) save(updateFromPlanningForm(form));
  }

  return (
    <Paper id={PLANNING_CARD_ID} withBorder radius="lg" p="lg" component="form" onSubmit={submit} noValidate>
      <CardHeading title="Planning">The days and kinds of break Breaker plans for you, and what you have at hand.</CardHeading>
      <Stack gap="lg">
        <ChoiceCheckboxes
          label="Work days"
          description="Breaks are planned on these days only."
          choices={WORK_DAY_CHOICES}
          value={form.workDays}
          onChange={(value) => update('workDays', value)}
          error={daysError}
        />
        <ChoiceCheckboxes
          label="Preferred break types"
          description="Used when your break library is empty; none chosen means any kind."
          choices={BREAK_TYPE_CHOICES}
          value={form.breakTypes}
          onChange={(value) => update('breakTypes', value)}
        />
        <TagsInput
          label="Available equipment"
          description='Things at hand beyond a desk and chair, like stairs. Start with "no" for something you lack, like "no wall".'
          placeholder="Type and press Enter"
          data={equipmentSuggestions(activities.data ?? [])}
          value={form.equipment}
          onChange={(value) => update('equipment', value)}
          maxTags={EQUIPMENT_LIMITS.entries}
          maxLength={EQUIPMENT_LIMITS.length}
          splitChars={[',']}
          acceptValueOnBlur
          clearable
        />
        <ChoiceCheckboxes
          label="Meetings that block breaks"
          description="Busy meetings always do and free ones never; choose which of the others do too."
          choices={BLOCKING_STATUS_CHOICES}
          value={form.blockingStatuses}
          onChange={(value) => update('blockingStatuses', value)}
        />
        <Stack gap={4}>
          <Text fz="sm" fw={500}>
            Calendar sync
          </Text>
          <Text fz="xs" c="dimmed">
            How often a connected calendar is read again for new meetings.
          </Text>
          <SegmentedChoice
            label="Calendar sync"
            value={form.syncCadence}
            options={SYNC_CADENCE_CHOICES}
            onChange={(value) => update('syncCadence', value)}
          />
        </Stack>
        <SaveFooter saved={saved} successText={SUCCESS_TEXT} saveError={saveError} pending={pending} label="Save Planning" />
      </Stack>
    </Paper>
  );
}
