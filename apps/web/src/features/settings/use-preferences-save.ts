import { TIMINGS, type PreferencesUpdate } from '@breaker/api-contract';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../errors';
import { toastError, toastSuccess } from '../../toast';
import { trpc } from '../../trpc';

interface SaveOptions {
  /** The toast a successful save shows. */
  toast: { title: string; message: string };
  /** What must be read again once the server has the new preferences (the preferences come with its answer). */
  refresh: () => Promise<unknown>;
}

/** Saving a settings card's preferences: the mutation, its toasts, and the success note that fades by itself. */
export function usePreferencesSave({ toast, refresh }: SaveOptions) {
  const utils = trpc.useUtils();
  const [saved, setSaved] = useState(false);
  const [saveError, setSaveError] = useState<string>();

  const mutation = trpc.preferences.update.useMutation({
    onSuccess: async (preferences) => {
      // The answer is the saved preferences: the cards show them at once, with no second read.
      utils.preferences.get.setData(undefined, preferences);
      setSaved(true);
      toastSuccess(toast);
      await refresh();
    },
    onError: (error) => {
      const message = errorMessage(error, 'Failed to update preferences');
      setSaveError(message);
      toastError({ title: 'Update Failed', message });
    },
  });

  useEffect(() => {
    if (!saved) return;
    const timer = window.setTimeout(() => setSaved(false), TIMINGS.settingsSuccessMs);
    return () => window.clearTimeout(timer);
  }, [saved]);

  return {
    saved,
    saveError,
    pending: mutation.isPending,
    /** Clears the last outcome before a new attempt (also one refused before it reaches the server). */
    clear() {
      setSaved(false);
      setSaveError(undefined);
    },
    save: (input: { preferences: PreferencesUpdate }) => mutation.mutate(input),
  };
}
