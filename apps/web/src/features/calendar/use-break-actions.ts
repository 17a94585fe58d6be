import type { BreakSession } from '@breaker/api-contract';
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
export function useBreakActions(onDone?: () => void, openDialog?: (dialog: BreakDialog) => void) {
  const reloadSchedule = useReloadSchedule();

  const utils = trpc.useUtils();
  const update = trpc.breaks.update.useMutation({
    // The block turns green (or yellow) on the click; the server's answer only confirms it, or puts the break back.
    onMutate: async ({ id, patch }) => {
      onDone?.();
      await utils.breaks.upcoming.cancel();
      const before = utils.breaks.upcoming.getData();
      utils.breaks.upcoming.setData(undefined, (sessions) =>
        sessions?.map((session) => (session.id === id ? { ...session, ...patch } : session)),
      );
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
      onDone?.();
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

  return {
    pending: update.isPending || remove.isPending,
    adding: add.isPending,
    complete: (id: string) => update.mutate({ id, patch: { completedAt: new Date().toISOString() } }),
    skip: (id: string) => update.mutate({ id, patch: { skipped: true } }),
    remove: (id: string) => remove.mutate({ id }),
    add: (from: Date) => add.mutate({ from: from.toISOString() }),
    start: (session: BreakSession) => {
      onDone?.();
      startBreakSession(session);
    },
    changeExercise: (session: BreakSession) => openDialog?.({ kind: 'change-exercise', session }),
    reschedule: (session: BreakSession) => openDialog?.({ kind: 'reschedule', session }),
  };
}
