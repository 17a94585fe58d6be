import { Modal } from '@mantine/core';
import { errorMessage } from '../../errors';
import { toastError, toastSuccess } from '../../toast';
import { ActivityChoices } from './ActivityChoices';
import { SlotChoices } from './SlotChoices';
import type { BreakDialog } from './use-break-actions';
import { useReloadSchedule } from './use-reload-schedule';

interface BreakChangeDialogProps {
  dialog: BreakDialog;
  timeZone: string;
  onClose: () => void;
}

/** Picking another activity (Change Exercise) or another free slot (Reschedule) for a scheduled break. */
export function BreakChangeDialog({ dialog, timeZone, onClose }: BreakChangeDialogProps) {
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
