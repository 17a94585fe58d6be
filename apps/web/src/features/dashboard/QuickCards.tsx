import { PRODUCT_NAME } from '@breaker/api-contract';
import { SimpleGrid } from '@mantine/core';
import { IconCalendarWeek, IconPlayerPlay, IconSettings } from '@tabler/icons-react';
import { trpc } from '../../trpc';
import { formatDateTime } from '../../time/time-zone';
import { startBreakSession } from '../break-session/session-request';
import { nextScheduledBreak } from '../calendar/next-break';
import { ActionCard, ActionCardButton } from './ActionCard';

export function QuickCards({ timeZone }: { timeZone: string }) {
  const breaks = trpc.breaks.upcoming.useQuery();
  const next = breaks.data ? nextScheduledBreak(breaks.data, new Date()) : undefined;

  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      {next ? (
        <ActionCardButton icon={IconPlayerPlay} title="Start Break Session" onClick={() => startBreakSession(next)}>
          Next: {next.activity.name}, {formatDateTime(new Date(next.scheduledTime), timeZone)}.
        </ActionCardButton>
      ) : (
        // With no break to start, the card says so and leads to the calendar, where breaks are planned.
        <ActionCard to="/calendar" icon={IconPlayerPlay} title="Start Break Session">
          {breaks.isPending ? 'Looking for your next break...' : `No ${PRODUCT_NAME}s are waiting. Plan some from your calendar.`}
        </ActionCard>
      )}
      <ActionCard to="/calendar" icon={IconCalendarWeek} title="View Schedule" color="blue">
        See your week of meetings and {PRODUCT_NAME}s.
      </ActionCard>
      <ActionCard to="/settings" icon={IconSettings} title="Update Settings" color="gray">
        Work hours, breaks per day and notifications.
      </ActionCard>
    </SimpleGrid>
  );
}
