import type { BreakSession } from '@breaker/api-contract';
import { useCallbackRef } from '@mantine/hooks';
import { useMemo } from 'react';
import { errorMessage } from '../../errors';
import { toastError, toastSuccess } from '../../toast';
import { trpc } from '../../trpc';
import { startBreakSession } from '../break-session/session-request';
import { useReloadSchedule } from './use-reload-schedule';

/** The dialogs a break's actions open: picking another activity or another slot. */
export interface BreakDialog {
  kind: 'change-exercise' | 'reschedule';
  session: BreakSession;
}

/**
 * Complete, skip, remove and add breaks, each with its toasts and a schedule reload; start a guided session; open the
 * change dialogs through `openDialog`.
 */
export function useBreakActions(onDoneProp?: () => void, openDialogProp?: (dialog: BreakDialog) => void) {
  // Stable, so that the same actions object reaches every block and a memoised grid skips renders that change nothing.
  const onDone = useCallbackRef(onDoneProp);
  const openDialog = useCallbackRef(openDialogProp);
  const reloadSchedule = useReloadSchedule();

  const utils = trpc.useUtils();
  const update = trpc.breaks.update.useMutation({
    // The block turns green (or yellow) on the click; the server's answer only confirms it, or puts the break back.
    // The dialog closes in the same render as the block changes, not one render before it.
    onMutate: async ({ id, patch }) => {
      await utils.breaks.upcoming.cancel();
      const before = utils.breaks.upcoming.getData();
      utils.breaks.upcoming.setData(undefined, (sessions) =>
        sessions?.map((session) => (session.id === id ? { ...session, ...patch } : session)),
      );
      onDone();
      return { before };
    },
    onSuccess: (session) =>
      toastSuccess({
        title: 'Break Updated',
        message: session.completedAt ? 'Nicely done. The break is marked as complete.' : 'The break was skipped.',
      }),
    onError: (error, _input, context) => {
      if (context?.before) utils.breaks.upcoming.setData(undefined, context.before);
      toastError({ title: 'Update Failed', message: errorMessage(error, 'Could not update the break. Please try again.') });
    },
    onSettled: () => reloadSchedule(),
  });

  const remove = trpc.breaks.remove.useMutation({
    onSuccess: async () => {
      onDone();
      await reloadSchedule();
      toastSuccess({ title: 'Break Removed', message: 'The break was removed from your schedule.' });
    },
    onError: (error) =>
      toastError({ title: 'Remove Failed', message: errorMessage(error, 'Could not remove the break. Please try again.') }),
  });

  const add = trpc.breaks.add.useMutation({
    onSuccess: async (session) => {
      await reloadSchedule();
      toastSuccess({ title: 'Break Added', message: `${session.activity.name} was added to your schedule.` });
    },
    onError: (error) =>
      toastError({ title: 'Add Failed', message: errorMessage(error, 'Could not add a break there. Please try again.') }),
  });

  const pending = update.isPending || remove.isPending;
  const adding = add.isPending;
  const { mutate: mutateUpdate } = update;
  const { mutate: mutateRemove } = remove;
  const { mutate: mutateAdd } = add;
  return useMemo(
    () => ({
      pending,
      adding,
      complete: (id: string) => mutateUpdate({ id, patch: { completedAt: new Date().toISOString() } }),
      skip: (id: string) => mutateUpdate({ id, patch: { skipped: true } }),
      remove: (id: string) => mutateRemove({ id }),
      add: (from: Date) => mutateAdd({ from: from.toISOString() }),
      start: (session: BreakSession) => {
        onDone();
        startBreakSession(session);
      },
      changeExercise: (session: BreakSession) => openDialog({ kind: 'change-exercise', session }),
      reschedule: (session: BreakSession) => openDialog({ kind: 'reschedule', session }),
    }),
    [pending, adding, mutateUpdate, mutateRemove, mutateAdd, onDone, openDialog],
  );
}
