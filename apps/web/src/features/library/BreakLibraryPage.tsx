import { activityTypes } from '@breaker/api-contract';
import { Alert, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../errors';
import { toastError, toastSuccess } from '../../toast';
import { trpc } from '../../trpc';
import { PageHeader } from '../layout/PageHeader';
import { ActivityCard } from './ActivityCard';
import { ALL_TYPES, ActivityTypeFilter } from './ActivityTypeFilter';
import classes from './BreakLibraryPage.module.css';
import { LibrarySkeleton } from './LibrarySkeleton';
import { useLibrarySelection } from './use-library-selection';

export function BreakLibraryPage() {
  const utils = trpc.useUtils();
  const activities = trpc.activities.list.useQuery();
  const preferences = trpc.preferences.get.useQuery();
  const selection = useLibrarySelection(preferences.data?.selectedActivities);

  const save = trpc.preferences.saveSelectedActivities.useMutation({
    onSuccess: async () => {
      selection.markSaved();
      toastSuccess({ title: 'Saved!', message: 'Your break activity preferences have been updated.' });
      await Promise.all([utils.preferences.get.invalidate(), utils.auth.user.invalidate()]);
    },
    onError: (error) => toastError({ title: 'Save Failed', message: errorMessage(error, 'Failed to save selections') }),
  });

  const [typeFilter, setTypeFilter] = useState(ALL_TYPES);
  // Until the catalogue arrives the filter offers the known types, so the cards do not jump down when it lands.
  const types = activities.data ? [...new Set(activities.data.map((activity) => activity.type))] : [...activityTypes];
  const shown = activities.data?.filter((activity) => typeFilter === ALL_TYPES || activity.type === typeFilter);
  const count = selection.selected.size;
  const loadError = activities.error ?? preferences.error;

  return (
    <Stack gap="lg">
      <PageHeader title="Break Library" subtitle="Select activities for your personalized break library." />
      {selection.dirty && (
        <Alert color="violet" icon={<IconAlertCircle size={18} />} className={classes.unsaved}>
          <Group justify="space-between" gap="sm">
            <Text fz="sm">You have unsaved changes to your break library.</Text>
            <Button
              size="sm"
              leftSection={<IconDeviceFloppy size={16} />}
              disabled={save.isPending}
              onClick={() => save.mutate({ selectedActivities: [...selection.selected] })}
            >
              {save.isPending ? 'Saving...' : 'Save Changes'}
            </Button>
          </Group>
        </Alert>
      )}
      {loadError && (
        <Alert color="red" title="The activities could not be loaded">
          {errorMessage(loadError, 'Please reload the page and try again.')}
        </Alert>
      )}
      {types.length > 1 && <ActivityTypeFilter types={types} value={typeFilter} onChange={setTypeFilter} />}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {activities.isPending || preferences.isPending ? (
          <LibrarySkeleton />
        ) : (
          shown?.map((activity) => (
            <ActivityCard
              key={activity.id}
              activity={activity}
              checked={selection.selected.has(activity.id)}
              onToggle={() => selection.toggle(activity.id)}
            />
          ))
        )}
      </SimpleGrid>
      <Text c="dimmed" ta="center" fz="sm">
        {count} {count === 1 ? 'activity' : 'activities'} selected for your break library
        {count === 0 && ". Select activities you'd like to include in your scheduled breaks"}
      </Text>
    </Stack>
  );
}
