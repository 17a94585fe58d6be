import { Button, type ButtonProps } from '@mantine/core';
import { IconUnlink } from '@tabler/icons-react';
import { errorMessage } from '../../errors';
import { toastError, toastSuccess } from '../../toast';
import { trpc } from '../../trpc';
import { useReloadSchedule } from './use-reload-schedule';

/** 'Disconnect Outlook': Breaker stops reading the Microsoft calendar; its meetings leave the schedule. */
export function DisconnectMicrosoftButton(props: ButtonProps) {
  const reloadSchedule = useReloadSchedule();
  const disconnect = trpc.calendar.disconnectMicrosoft.useMutation({
    onSuccess: () =>
      toastSuccess({ title: 'Calendar Disconnected', message: 'Your Microsoft Outlook calendar was disconnected.' }),
    onError: (error) =>
      toastError({
        title: 'Disconnect Failed',
        message: errorMessage(error, 'Could not disconnect your calendar. Please try again.'),
      }),
    // Disconnected here or elsewhere (a 404): the page shows what the server now holds.
    onSettled: () => reloadSchedule(),
  });
  return (
    <Button
      variant="default"
      color="red"
      leftSection={<IconUnlink size={18} />}
      disabled={disconnect.isPending}
      onClick={() => disconnect.mutate()}
      {...props}
    >
      {disconnect.isPending ? 'Disconnecting...' : 'Disconnect Outlook'}
    </Button>
  );
}
