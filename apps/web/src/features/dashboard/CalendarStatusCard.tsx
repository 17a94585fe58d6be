import type { CalendarProvider } from '@breaker/api-contract';
import { Badge, Group, Paper, Text, Title } from '@mantine/core';
import { IconCalendarCheck, IconCalendarOff } from '@tabler/icons-react';
import { connectedLabel } from '../layout/connected-label';
import { AnchorLink } from '../layout/links';

export function CalendarStatusCard({ provider }: { provider: CalendarProvider | null }) {
  return (
    <Paper withBorder radius="lg" p="lg" h="100%">
      <Title order={2} fz="lg" mb="md">
        Calendar integration
      </Title>
      <Group gap="sm" mb="sm">
        {provider ? (
          <IconCalendarCheck size={22} color="var(--mantine-color-green-7)" aria-hidden />
        ) : (
          <IconCalendarOff size={22} color="var(--mantine-color-dimmed)" aria-hidden />
        )}
        <Badge variant="light" color={provider ? 'green' : 'gray'} size="lg">
          {provider ? connectedLabel(provider) : 'Not Connected'}
        </Badge>
      </Group>
      {provider ? (
        <Text fz="sm" c="dimmed">
          Your meetings are read so breaks land in the gaps.
        </Text>
      ) : (
        <Text fz="sm" c="dimmed">
          Connect your calendar in <AnchorLink to="/settings">Settings</AnchorLink> so breaks land between your meetings.
        </Text>
      )}
    </Paper>
  );
}
