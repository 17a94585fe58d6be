import type { AnalyticsSummary } from '@breaker/api-contract';
import { BarChart } from '@mantine/charts';
import { ChartCard } from './ChartCard';
import { meetingLoadChartData } from './chart-data';
import { CHART_FRAME, RATE_AXIS } from './chart-look';

export function MeetingLoadChart({ summary }: { summary: AnalyticsSummary }) {
  return (
    <ChartCard
      id="load"
      title="Completion against meeting load"
      description="How many of your breaks you took on days with few and with many hours of meetings."
    >
      <BarChart
        {...CHART_FRAME}
        {...RATE_AXIS}
        data={meetingLoadChartData(summary.meetingLoad)}
        series={[{ name: 'Completion rate', color: 'violet.7' }]}
      />
    </ChartCard>
  );
}
