import { Button, Loader, Stack, Text } from '@mantine/core';
import { trpc } from '../../trpc';
import { formatDateTime } from '../../time/time-zone';
import { useChoicesFailure, type ChoicesProps } from './break-change-choices';

/** Reschedule: the free slots the engine proposes; picking one moves the break there. */
export function SlotChoices({ dialog, timeZone, onFailed, onDone }: ChoicesProps & { timeZone: string }) {
  const slots = trpc.breaks.slots.useQuery({ id: dialog.session.id }, { gcTime: 0 });
  const move = trpc.breaks.reschedule.useMutation({
    onSuccess: (session) =>
      onDone(`${session.activity.name} moved to ${formatDateTime(new Date(session.scheduledTime), timeZone)}.`),
    onError: onFailed,
  });
  useChoicesFailure(slots.error, onFailed);

  if (slots.isPending) return <Loader size="sm" aria-label="Finding free slots" />;
  if (!slots.data || slots.data.length === 0) {
    return <Text>No other free slot fits this break in the next days: your meetings and other breaks fill them.</Text>;
  }
  return (
    <Stack gap="xs">
      <Text c="dimmed" fz="sm">
        Free slots that keep clear of your meetings and other breaks, inside your work hours:
      </Text>
      {slots.data.map((slot) => (
        <Button
          key={slot.scheduledTime}
          variant="default"
          justify="flex-start"
          loading={move.isPending && move.variables.scheduledTime === slot.scheduledTime}
          disabled={move.isPending}
          onClick={() => move.mutate({ id: dialog.session.id, scheduledTime: slot.scheduledTime })}
        >
          {formatDateTime(new Date(slot.scheduledTime), timeZone)}
        </Button>
      ))}
    </Stack>
  );
}
