import type { AnalyticsSummary } from '@breaker/api-contract';
import { Badge, Box, Table } from '@mantine/core';
import { formatDateTime } from '../../time/time-zone';
import { activityTypeLabel } from '../library/activity-type-label';
import { ChartCard } from './ChartCard';
import { OUTCOME_COLOURS, OUTCOME_LABELS } from './chart-data';

export function BreakHistory({ summary }: { summary: AnalyticsSummary }) {
  return (
    <ChartCard id="history" title="Break history" description="Your past breaks, the most recent first.">
      {/* Focusable, so that keyboard users can scroll the table sideways on a phone. */}
      <Box style={{ overflowX: 'auto' }} tabIndex={0} role="group" aria-label="Break history table">
        <Table striped verticalSpacing="xs" miw={520}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">When</Table.Th>
              <Table.Th scope="col">Activity</Table.Th>
              <Table.Th scope="col">Type</Table.Th>
              <Table.Th scope="col">Minutes</Table.Th>
              <Table.Th scope="col">Outcome</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {summary.history.map((entry) => (
              <Table.Tr key={entry.id}>
                <Table.Td>{formatDateTime(new Date(entry.scheduledTime), summary.timeZone)}</Table.Td>
                <Table.Td>{entry.activityName}</Table.Td>
                <Table.Td>{activityTypeLabel(entry.activityType)}</Table.Td>
                <Table.Td>{entry.duration}</Table.Td>
                <Table.Td>
                  <Badge color={OUTCOME_COLOURS[entry.outcome]} autoContrast>
                    {OUTCOME_LABELS[entry.outcome]}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Box>
    </ChartCard>
  );
}
