import { VALIDATION, type User } from '@breaker/api-contract';
import { Badge, Button, Divider, Group, Paper, Text, Title } from '@mantine/core';
import { IconCalendarPlus, IconRefresh } from '@tabler/icons-react';
import { toastError } from '../../toast';
import { CalDavCalendars } from '../calendar/CalDavCalendars';
import { CalDavForm } from '../calendar/CalDavForm';
import { CalendarFeedForm } from '../calendar/CalendarFeedForm';
import { ConnectCalendarButton } from '../calendar/ConnectCalendarButton';
import { DisconnectFeedButton } from '../calendar/DisconnectFeedButton';
import { connectedLabel } from '../layout/connected-label';
import { useCalendarSync } from '../calendar/use-calendar-sync';
import { CalendarBookingSwitch } from './CalendarBookingSwitch';

export function CalendarConnectionCard({ user }: { user: User }) {
  const provider = user.calendarProvider;
  const sync = useCalendarSync(provider);

  function syncNow() {
    if (user.id) sync.mutate({ userId: user.id });
    else toastError({ title: 'Sync Failed', message: VALIDATION.userNotAuthenticated });
  }

  return (
    <Paper withBorder radius="lg" p="lg">
      <Group justify="space-between" mb={4}>
        <Title order={2} fz="lg">
          Calendar
        </Title>
        <Badge variant="light" color={provider ? 'green' : 'gray'}>
          {provider ? connectedLabel(provider) : 'Not Connected'}
        </Badge>
      </Group>
      <Text fz="sm" c="dimmed" mb="md">
        Breaks are placed between the meetings of your connected calendar.
      </Text>
      {(provider === 'ics' || provider === 'caldav') && (
        <Group gap="sm" mb="md">
          <Button variant="default" leftSection={<IconRefresh size={18} />} disabled={sync.isPending} onClick={syncNow}>
            {sync.isPending ? 'Syncing...' : 'Sync Calendar'}
          </Button>
          {provider === 'ics' && <DisconnectFeedButton />}
        </Group>
      )}
      {provider === 'caldav' && <CalDavCalendars />}
      {provider !== 'google' && <ConnectCalendarButton icon={<IconCalendarPlus size={18} />} />}
      {(provider === 'google' || provider === 'caldav') && (
        <CalendarBookingSwitch
          enabled={user.preferences.calendarBookingEnabled}
          calendarName={provider === 'google' ? 'Google Calendar' : 'CalDAV calendar'}
        />
      )}
      {provider === null && (
        <>
          <Divider my="md" label="or use a calendar feed" labelPosition="center" />
          <CalendarFeedForm />
          <Divider my="md" label="or connect a CalDAV account" labelPosition="center" />
          <CalDavForm />
        </>
      )}
    </Paper>
  );
}
