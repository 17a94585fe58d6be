import type { AnalyticsSummary } from '@breaker/api-contract';
import { BarChart, LineChart } from '@mantine/charts';
import { ChartCard } from './ChartCard';
import { DAILY_CHART_DAYS, dailyChartData, weeklyChartData } from './chart-data';

export const CHART_HEIGHT = 240;

export function DailyCompletionChart({ summary }: { summary: AnalyticsSummary }) {
  return (
    <ChartCard
      id="daily"
      title="Daily completion"
      description={`Breaks taken, skipped and missed on each of the last ${DAILY_CHART_DAYS} days.`}
    >
      <BarChart
        h={CHART_HEIGHT}
        data={dailyChartData(summary.days)}
        dataKey="label"
        type="stacked"
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        yAxisProps={{ allowDecimals: false }}
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
        h={CHART_HEIGHT}
        data={weeklyChartData(summary.weeks)}
        dataKey="label"
        unit=" %"
        yAxisProps={{ domain: [0, 100] }}
        connectNulls={false}
        curveType="monotone"
        series={[{ name: 'Completion rate', color: 'violet.7' }]}
      />
    </ChartCard>
  );
}
