import type { CalendarProvider } from '@breaker/api-contract';
import { Badge, Group, Paper, Text, Title } from '@mantine/core';
import { IconCalendarPlus } from '@tabler/icons-react';
import { ConnectCalendarButton } from '../calendar/ConnectCalendarButton';

export function CalendarConnectionCard({ provider }: { provider: CalendarProvider | null }) {
  return (
    <Paper withBorder radius="lg" p="lg">
      <Group justify="space-between" mb={4}>
        <Title order={2} fz="lg">
          Calendar
        </Title>
        <Badge variant="light" color={provider ? 'green' : 'gray'}>
          {provider ? `Connected (${provider})` : 'Not Connected'}
        </Badge>
      </Group>
      <Text fz="sm" c="dimmed" mb="md">
        Breaks are placed between the meetings of your connected calendar.
      </Text>
      {provider !== 'google' && <ConnectCalendarButton icon={<IconCalendarPlus size={18} />} />}
    </Paper>
  );
}
