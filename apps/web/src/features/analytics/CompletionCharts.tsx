import type { AnalyticsSummary } from '@breaker/api-contract';
import { BarChart, LineChart } from '@mantine/charts';
import { ChartCard } from './ChartCard';
import { DAILY_CHART_DAYS, dailyChartData, weeklyChartData } from './chart-data';
import { CHART_FRAME, COUNT_AXIS, LEGEND_BELOW, RATE_AXIS } from './chart-look';

export function DailyCompletionChart({ summary }: { summary: AnalyticsSummary }) {
  return (
    <ChartCard
      id="daily"
      title="Daily completion"
      description={`Breaks taken, skipped and missed on each of the last ${DAILY_CHART_DAYS} days.`}
    >
      <BarChart
        {...CHART_FRAME}
        {...LEGEND_BELOW}
        {...COUNT_AXIS}
        data={dailyChartData(summary.days)}
        type="stacked"
        series={[
          { name: 'Taken', color: 'green.7' },
          { name: 'Skipped', color: 'yellow.5' },
          { name: 'Missed', color: 'gray.5' },
        ]}
      />
    </ChartCard>
  );
}

export function WeeklyCompletionChart({ summary }: { summary: AnalyticsSummary }) {
  return (
    <ChartCard id="weekly" title="Weekly completion rate" description="The share of each week's breaks you took.">
      <LineChart
        {...CHART_FRAME}
        {...RATE_AXIS}
        data={weeklyChartData(summary.weeks)}
        connectNulls={false}
        curveType="monotone"
        series={[{ name: 'Completion rate', color: 'violet.7' }]}
      />
    </ChartCard>
  );
}
