import { CALENDAR_PROVIDER_NAMES, type User } from '@breaker/api-contract';
import { Badge, Divider, Group, Paper, Text, Title } from '@mantine/core';
import { IconCalendarPlus } from '@tabler/icons-react';
import { useCapabilities } from '../auth/use-capabilities';
import { trpc } from '../../trpc';
import { CalDavCalendars } from '../calendar/CalDavCalendars';
import { CalDavForm } from '../calendar/CalDavForm';
import { CalendarFeedForm } from '../calendar/CalendarFeedForm';
import { ConnectCalendarButton } from '../calendar/ConnectCalendarButton';
import { DisconnectFeedButton } from '../calendar/DisconnectFeedButton';
import { DisconnectCalendarButton } from '../calendar/DisconnectCalendarButton';
import { ReconnectCalendarButton } from '../calendar/ReconnectCalendarButton';
import { SyncCalendarButton } from '../calendar/SyncCalendarButton';
import { connectedLabel } from '../layout/connected-label';
import { CalendarBookingSwitch } from './CalendarBookingSwitch';

export function CalendarConnectionCard({ user }: { user: User }) {
  const provider = user.calendarProvider;
  const { microsoftSignIn } = useCapabilities();
  const status = trpc.calendar.status.useQuery();

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
          <SyncCalendarButton user={user} />
          {provider === 'ics' && <DisconnectFeedButton />}
        </Group>
      )}
      {provider === 'caldav' && <CalDavCalendars />}
      {provider === 'caldav' && status.data?.state === 'needs-reconnection' && (
        <>
          <Divider my="md" label="The server no longer accepts the password: connect again" labelPosition="center" />
          <CalDavForm />
        </>
      )}
      {(provider === 'google' || provider === 'microsoft') && (
        <Group gap="sm" mb="md">
          <SyncCalendarButton user={user} />
          <ReconnectCalendarButton provider={provider} />
          <DisconnectCalendarButton provider={provider} />
        </Group>
      )}
      {provider !== 'google' && provider !== 'microsoft' && (
        <Group gap="sm">
          <ConnectCalendarButton icon={<IconCalendarPlus size={18} />} />
          {microsoftSignIn && <ConnectCalendarButton calendar="microsoft" icon={<IconCalendarPlus size={18} />} />}
        </Group>
      )}
      {(provider === 'google' || provider === 'microsoft' || provider === 'caldav') && (
        <CalendarBookingSwitch
          enabled={user.preferences.calendarBookingEnabled}
          calendarName={provider === 'caldav' ? 'CalDAV calendar' : CALENDAR_PROVIDER_NAMES[provider]}
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
