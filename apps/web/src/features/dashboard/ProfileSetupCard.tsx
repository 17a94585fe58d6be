import type { Preferences } from '@breaker/api-contract';
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { breakTypesSummary, breaksPerDaySummary, equipmentSummary } from './profile-summary';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text fz="xs" tt="uppercase" fw={600} c="dimmed">
        {label}
      </Text>
      <Text>{value}</Text>
    </Stack>
  );
}

export function ProfileSetupCard({ preferences }: { preferences: Preferences }) {
  return (
    <Paper withBorder radius="lg" p="lg" h="100%">
      <Title order={2} fz="lg" mb="md">
        Your break profile
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <Fact label="Preferred break activities" value={breakTypesSummary(preferences)} />
        <Fact label="Available equipment" value={equipmentSummary(preferences)} />
        <Fact label="Work hours" value={`${preferences.workStartTime} – ${preferences.workEndTime}`} />
        <Fact label="Breaks per day" value={breaksPerDaySummary(preferences)} />
      </SimpleGrid>
    </Paper>
  );
}
