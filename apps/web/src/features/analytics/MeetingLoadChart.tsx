import type { AnalyticsSummary } from '@breaker/api-contract';
import { BarChart } from '@mantine/charts';
import { ChartCard } from './ChartCard';
import { meetingLoadChartData } from './chart-data';
import { CHART_HEIGHT } from './CompletionCharts';

export function MeetingLoadChart({ summary }: { summary: AnalyticsSummary }) {
  return (
    <ChartCard
      id="load"
      title="Completion against meeting load"
      description="How many of your breaks you took on days with few and with many hours of meetings."
    >
      <BarChart
        h={CHART_HEIGHT}
        data={meetingLoadChartData(summary.meetingLoad)}
        dataKey="label"
        unit=" %"
        yAxisProps={{ domain: [0, 100] }}
        series={[{ name: 'Completion rate', color: 'violet.7' }]}
      />
    </ChartCard>
  );
}
