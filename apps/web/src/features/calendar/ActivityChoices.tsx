import { Badge, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { trpc } from '../../trpc';
import { activityTypeLabel } from '../library/activity-type-label';
import { useChoicesFailure, type ChoicesProps } from './break-change-choices';

/** Change Exercise: the activities that fit the break's slot; picking one swaps it in. */
export function ActivityChoices({ dialog, onFailed, onDone }: ChoicesProps) {
  const options = trpc.breaks.activityOptions.useQuery({ id: dialog.session.id }, { gcTime: 0 });
  const swap = trpc.breaks.changeActivity.useMutation({
    onSuccess: (session) => onDone(`Your break is now ${session.activity.name}.`),
    onError: onFailed,
  });
  useChoicesFailure(options.error, onFailed);

  if (options.isPending) return <Loader size="sm" aria-label="Finding activities" />;
  if (!options.data || options.data.length === 0) {
    return <Text>No other activity fits this {dialog.session.duration}-minute break with your equipment.</Text>;
  }
  return (
    <Stack gap="xs">
      <Text c="dimmed" fz="sm">
        Activities of at most {dialog.session.duration} {dialog.session.duration === 1 ? 'minute' : 'minutes'}, your library
        first:
      </Text>
      {options.data.map((option) => (
        <Button
          key={option.id}
          variant="default"
          justify="flex-start"
          h="auto"
          py={8}
          styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
          loading={swap.isPending && swap.variables.activityId === option.id}
          disabled={swap.isPending}
          onClick={() => swap.mutate({ id: dialog.session.id, activityId: option.id })}
        >
          <Stack gap={4} align="flex-start">
            <span>
              {option.name} · {option.duration} min
            </span>
            <Group gap={6}>
              <Badge size="sm" variant="light" color="gray">
                {activityTypeLabel(option.type)}
              </Badge>
              {option.preferred && (
                <Badge size="sm" variant="light" color="violet">
                  Your choice
                </Badge>
              )}
            </Group>
          </Stack>
        </Button>
      ))}
    </Stack>
  );
}
