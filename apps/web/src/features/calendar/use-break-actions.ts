import { errorMessage } from '../../errors';
import { toastError, toastInfo, toastSuccess } from '../../toast';
import { trpc } from '../../trpc';
import { useReloadSchedule } from './use-reload-schedule';

/** Complete, skip and remove a break, each with the spec's toasts and a schedule reload. */
export function useBreakActions(onDone?: () => void) {
  const reloadSchedule = useReloadSchedule();

  const update = trpc.breaks.update.useMutation({
    onSuccess: async (session) => {
      onDone?.();
      await reloadSchedule();
      toastSuccess({
        title: 'Break Updated',
        message: session.completedAt ? 'Nicely done. The break is marked as complete.' : 'The break was skipped.',
      });
    },
    onError: (error) =>
      toastError({ title: 'Update Failed', message: errorMessage(error, 'Could not update the break. Please try again.') }),
  });

  const remove = trpc.breaks.remove.useMutation({
    onSuccess: async () => {
      onDone?.();
      await reloadSchedule();
      toastSuccess({ title: 'Break Removed', message: 'The break was removed from your schedule.' });
    },
    onError: (error) =>
      toastError({ title: 'Remove Failed', message: errorMessage(error, 'Could not remove the break. Please try again.') }),
  });

  return {
    pending: update.isPending || remove.isPending,
    complete: (id: string) => update.mutate({ id, patch: { completedAt: new Date().toISOString() } }),
    skip: (id: string) => update.mutate({ id, patch: { skipped: true } }),
    remove: (id: string) => remove.mutate({ id }),
    changeExercise: () => toastInfo({ title: 'Coming soon', message: 'Changing the exercise of a break is coming soon.' }),
    reschedule: () => toastInfo({ title: 'Coming soon', message: 'Rescheduling a break is coming soon.' }),
  };
}
