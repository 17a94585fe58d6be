import { Badge, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { errorMessage } from '../../errors';
import { toastError, toastSuccess } from '../../toast';
import { trpc } from '../../trpc';
import { activityTypeLabel } from '../library/activity-type-label';
import { formatDateTime } from './time-zone';
import type { BreakDialog } from './use-break-actions';
import { useReloadSchedule } from './use-reload-schedule';

interface BreakChangeDialogProps {
  dialog: BreakDialog;
  timeZone: string;
  onClose: () => void;
}

/** Picking another activity (Change Exercise) or another free slot (Reschedule) for a scheduled break. */
export default function BreakChangeDialog({ dialog, timeZone, onClose }: BreakChangeDialogProps) {
  const reloadSchedule = useReloadSchedule();
  const failed = (error: unknown) => {
    onClose();
    void reloadSchedule();
    toastError({
      id: 'break-change-failed',
      title: 'Update Failed',
      message: errorMessage(error, 'Could not update the break. Please try again.'),
    });
  };
  const done = async (message: string) => {
    onClose();
    await reloadSchedule();
    toastSuccess({ title: 'Break Updated', message });
  };
  const title = dialog.kind === 'reschedule' ? `Reschedule ${dialog.session.activity.name}` : 'Change Exercise';

  return (
    <Modal opened onClose={onClose} title={title} size="md" radius="lg" centered>
      {dialog.kind === 'reschedule' ? (
        <SlotChoices dialog={dialog} timeZone={timeZone} onFailed={failed} onDone={done} />
      ) : (
        <ActivityChoices dialog={dialog} onFailed={failed} onDone={done} />
      )}
    </Modal>
  );
}

interface ChoicesProps {
  dialog: BreakDialog;
  onFailed: (error: unknown) => void;
  onDone: (message: string) => Promise<void>;
}

function SlotChoices({ dialog, timeZone, onFailed, onDone }: ChoicesProps & { timeZone: string }) {
  const slots = trpc.breaks.slots.useQuery({ id: dialog.session.id }, { gcTime: 0 });
  const move = trpc.breaks.reschedule.useMutation({
    onSuccess: (session) =>
      onDone(`${session.activity.name} moved to ${formatDateTime(new Date(session.scheduledTime), timeZone)}.`),
    onError: onFailed,
  });
  useEffect(() => {
    if (slots.error) onFailed(slots.error);
  }, [slots.error, onFailed]);

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

function ActivityChoices({ dialog, onFailed, onDone }: ChoicesProps) {
  const options = trpc.breaks.activityOptions.useQuery({ id: dialog.session.id }, { gcTime: 0 });
  const swap = trpc.breaks.changeActivity.useMutation({
    onSuccess: (session) => onDone(`Your break is now ${session.activity.name}.`),
    onError: onFailed,
  });
  useEffect(() => {
    if (options.error) onFailed(options.error);
  }, [options.error, onFailed]);

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
