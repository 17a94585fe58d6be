import type { Preferences } from '@breaker/api-contract';
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { AnchorLink } from '../layout/links';
import { PLANNING_CARD_ID } from '../settings/planning-anchor';
import { breakTypesSummary, breaksPerDaySummary, equipmentSummary, hasBreakTypes, hasEquipment } from './profile-summary';

interface FactProps {
  label: string;
  value: string;
  /** Shown when the value is not set yet: a link to where it is set. */
  setUp?: string | undefined;
}

function Fact({ label, value, setUp }: FactProps) {
  return (
    <Stack gap={2}>
      <Text fz="xs" tt="uppercase" fw={600} c="dimmed">
        {label}
      </Text>
      <Text>{value}</Text>
      {setUp && (
        <AnchorLink to="/settings" hash={PLANNING_CARD_ID} fz="sm">
          {setUp}
        </AnchorLink>
      )}
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
        <Fact
          label="Preferred break activities"
          value={breakTypesSummary(preferences)}
          setUp={hasBreakTypes(preferences) ? undefined : 'Choose break types in Settings'}
        />
        <Fact
          label="Available equipment"
          value={equipmentSummary(preferences)}
          setUp={hasEquipment(preferences) ? undefined : 'Add your equipment in Settings'}
        />
        <Fact label="Work hours" value={`${preferences.workStartTime} – ${preferences.workEndTime}`} />
        <Fact label="Breaks per day" value={breaksPerDaySummary(preferences)} />
      </SimpleGrid>
    </Paper>
  );
}
