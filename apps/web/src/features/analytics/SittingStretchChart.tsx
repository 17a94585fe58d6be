import type { AnalyticsSummary } from '@breaker/api-contract';
import { LineChart } from '@mantine/charts';
import { Text } from '@mantine/core';
import { ChartCard } from './ChartCard';
import { sittingChartData, sittingSummaryText } from './chart-data';
import { CHART_HEIGHT } from './CompletionCharts';

export function SittingStretchChart({ summary }: { summary: AnalyticsSummary }) {
  return (
    <ChartCard
      id="sitting"
      title="Longest sitting stretch"
      description="Each work day's longest time without a break, meetings included: without breaks, and with the ones you took."
    >
      <LineChart
        h={CHART_HEIGHT}
        data={sittingChartData(summary.sittingStretches)}
        dataKey="label"
        unit=" min"
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        yAxisProps={{ allowDecimals: false }}
        curveType="monotone"
        series={[
          { name: 'Without breaks', color: 'gray.6' },
          { name: 'With your breaks', color: 'violet.7' },
        ]}
      />
      <Text fz="sm" mt="md" data-testid="sitting-summary">
        {sittingSummaryText(summary.sittingStretches)}
      </Text>
    </ChartCard>
  );
}
