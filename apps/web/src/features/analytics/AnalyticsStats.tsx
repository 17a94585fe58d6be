import type { AnalyticsSummary } from '@breaker/api-contract';
import { Paper, SimpleGrid, Text } from '@mantine/core';
import { percentText } from './chart-data';

function Stat({ label, value, hint }: { label: string; value: string; hint: string }) {
  return (
    <Paper withBorder radius="lg" p="md">
      <Text fz="xs" tt="uppercase" fw={600} c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700} lh={1.3}>
        {value}
      </Text>
      <Text fz="sm" c="dimmed">
        {hint}
      </Text>
    </Paper>
  );
}

const days = (count: number) => `${count} ${count === 1 ? 'day' : 'days'}`;

export function AnalyticsStats({ summary }: { summary: AnalyticsSummary }) {
  const { totals, streak } = summary;
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="md">
      <Stat label="Completion rate" value={percentText(totals.rate)} hint="of your breaks, taken" />
      <Stat label="Breaks taken" value={String(totals.completed)} hint={`of ${totals.planned} planned`} />
      <Stat label="Breaks missed" value={String(totals.missed)} hint="passed without being started" />
      <Stat label="Current streak" value={days(streak.current)} hint="in a row with a break taken" />
      <Stat label="Longest streak" value={days(streak.longest)} hint="in these eight weeks" />
    </SimpleGrid>
  );
}
