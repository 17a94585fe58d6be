import type { AnalyticsSummary } from '@breaker/api-contract';
import { DonutChart } from '@mantine/charts';
import { ColorSwatch, Group, Stack, Text } from '@mantine/core';
import { ChartCard } from './ChartCard';
import { typeMixChartData } from './chart-data';

export function TypeMixChart({ summary }: { summary: AnalyticsSummary }) {
  const data = typeMixChartData(summary.typeMix);
  return (
    <ChartCard id="types" title="Break-type mix" description="Which kinds of breaks you were given, and how many you took.">
      <Group align="center" gap="xl" wrap="wrap">
        <DonutChart data={data} size={180} thickness={28} withTooltip tooltipDataSource="segment" />
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {data.map((slice) => (
            <Group key={slice.name} component="li" gap="xs" wrap="nowrap">
              <ColorSwatch color={`var(--mantine-color-${slice.color.replace('.', '-')})`} size={14} aria-hidden />
              <Text fz="sm">
                {slice.name}: {slice.completed} of {slice.value} taken
              </Text>
            </Group>
          ))}
        </Stack>
      </Group>
    </ChartCard>
  );
}
