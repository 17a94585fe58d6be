import { Switch } from '@mantine/core';
import { errorMessage } from '../../errors';
import { toastError, toastSuccess } from '../../toast';
import { trpc } from '../../trpc';

/** Whether Breaker puts the user's breaks into their calendar (as free time, marked as Breaker's). */
export function CalendarBookingSwitch({ enabled, calendarName }: { enabled: boolean; calendarName: string }) {
  const utils = trpc.useUtils();
  const save = trpc.preferences.update.useMutation({
    onSuccess: async (preferences) => {
      toastSuccess({
        title: 'Settings Updated',
        message: preferences.calendarBookingEnabled
          ? `Your breaks will appear in your ${calendarName}.`
          : `Your breaks will no longer be added to your ${calendarName}.`,
      });
      await Promise.all([utils.preferences.get.invalidate(), utils.auth.user.invalidate()]);
    },
    onError: (error) => toastError({ title: 'Update Failed', message: errorMessage(error, 'Failed to update preferences') }),
  });
  return (
    <Switch
      mt="md"
      label={`Add my breaks to my ${calendarName}`}
      description="They show as free time, so they never block anyone's booking."
      checked={save.isPending ? (save.variables?.preferences.calendarBookingEnabled ?? enabled) : enabled}
      disabled={save.isPending}
      onChange={(event) => save.mutate({ preferences: { calendarBookingEnabled: event.currentTarget.checked } })}
    />
  );
}
