import type { AnalyticsSummary } from '@breaker/api-contract';
import { LineChart } from '@mantine/charts';
import { Text } from '@mantine/core';
import { ChartCard } from './ChartCard';
import { sittingChartData, sittingSummaryText } from './chart-data';
import { CHART_FRAME, COUNT_AXIS, LEGEND_BELOW } from './chart-look';

export function SittingStretchChart({ summary }: { summary: AnalyticsSummary }) {
  return (
    <ChartCard
      id="sitting"
      title="Longest sitting stretch"
      description="Each work day's longest time without a break, meetings included: without breaks, and with the ones you took."
    >
      <LineChart
        {...CHART_FRAME}
        {...LEGEND_BELOW}
        {...COUNT_AXIS}
        data={sittingChartData(summary.sittingStretches)}
        unit=" min"
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
