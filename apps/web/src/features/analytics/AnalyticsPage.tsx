import '@mantine/charts/styles.css';
import { Alert, Button, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { errorMessage } from '../../errors';
import { trpc } from '../../trpc';
import { PageHeader } from '../layout/PageHeader';
import { AnalyticsEmptyState } from './AnalyticsEmptyState';
import { AnalyticsSkeleton } from './AnalyticsSkeleton';
import { AnalyticsStats } from './AnalyticsStats';
import { BreakHistory } from './BreakHistory';
import { DailyCompletionChart, WeeklyCompletionChart } from './CompletionCharts';
import { MeetingLoadChart } from './MeetingLoadChart';
import { SittingStretchChart } from './SittingStretchChart';
import { TypeMixChart } from './TypeMixChart';

function AnalyticsContent() {
  const summary = trpc.analytics.summary.useQuery();

  if (summary.isPending) return <AnalyticsSkeleton />;
  if (summary.isError) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} />} title="Analytics could not be loaded">
        <Text fz="sm" mb="sm">
          {errorMessage(summary.error, 'Your analytics are not available right now.')}
        </Text>
        <Button variant="light" color="red" onClick={() => void summary.refetch()} loading={summary.isFetching}>
          Try again
        </Button>
      </Alert>
    );
  }
  const data = summary.data;
  if (data.totals.planned === 0) return <AnalyticsEmptyState />;

  return (
    <Stack gap="lg">
      <AnalyticsStats summary={data} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <DailyCompletionChart summary={data} />
        <WeeklyCompletionChart summary={data} />
        <TypeMixChart summary={data} />
        <MeetingLoadChart summary={data} />
      </SimpleGrid>
      <SittingStretchChart summary={data} />
      <BreakHistory summary={data} />
    </Stack>
  );
}

export function AnalyticsPage() {
  return (
    <Stack gap="lg">
      <PageHeader title="Analytics" subtitle="Track your wellness progress and break patterns." />
      <AnalyticsContent />
    </Stack>
  );
}
