import type { ButtonProps } from '@mantine/core';
import { errorMessage } from '../../errors';
import { toastError, toastSuccess } from '../../toast';
import { trpc } from '../../trpc';
import { DisconnectButton } from './DisconnectButton';
import { useReloadSchedule } from './use-reload-schedule';

/** The calendars a person connects through their account's consent, each with its own disconnect call. */
type AccountCalendar = 'google' | 'microsoft';

const WORDS: Record<AccountCalendar, { label: string; done: string }> = {
  google: { label: 'Disconnect Google Calendar', done: 'Your Google Calendar was disconnected.' },
  microsoft: { label: 'Disconnect Outlook', done: 'Your Microsoft Outlook calendar was disconnected.' },
};

/** Breaker stops reading the account's calendar and takes its own events out of it; its meetings leave the schedule. */
export function DisconnectCalendarButton({ provider, ...props }: ButtonProps & { provider: AccountCalendar }) {
  const reloadSchedule = useReloadSchedule();
  const options = {
    onSuccess: () => toastSuccess({ title: 'Calendar Disconnected', message: WORDS[provider].done }),
    onError: (error: unknown) =>
      toastError({
        title: 'Disconnect Failed',
        message: errorMessage(error, 'Could not disconnect your calendar. Please try again.'),
      }),
    // Disconnected here or elsewhere (a 404): the page shows what the server now holds.
    onSettled: () => reloadSchedule(),
  };
  // One hook whichever the calendar: both procedures take nothing and answer nothing the button reads.
  const procedure = provider === 'google' ? trpc.calendar.disconnectGoogle : trpc.calendar.disconnectMicrosoft;
  const disconnect = procedure.useMutation(options);
  return (
    <DisconnectButton
      label={WORDS[provider].label}
      pending={disconnect.isPending}
      onClick={() => disconnect.mutate()}
      {...props}
    />
  );
}
