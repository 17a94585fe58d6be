import { CALENDAR_PROVIDER_NAMES } from '@breaker/api-contract';
import { Badge } from '@mantine/core';
import { useIsMutating } from '@tanstack/react-query';
import { IconAlertTriangle, IconCalendarCheck, IconCalendarOff, IconRefresh } from '@tabler/icons-react';
import { trpc } from '../../trpc';
import { formatDateTime } from '../../time/time-zone';
import { useNow } from '../../time/use-now';
import { DelayedTooltip } from '../layout/DelayedTooltip';
import { syncLabel, type SyncIndicatorState } from './sync-status';

const LOOK: Record<SyncIndicatorState, { color: string; icon: typeof IconRefresh }> = {
  synced: { color: 'green', icon: IconCalendarCheck },
  syncing: { color: 'blue', icon: IconRefresh },
  'needs-reconnection': { color: 'orange', icon: IconAlertTriangle },
  'not-connected': { color: 'gray', icon: IconCalendarOff },
};

/** The header's calendar indicator: the real connection state and when the calendar was last read. */
export function SyncIndicator({ timeZone }: { timeZone: string }) {
  const status = trpc.calendar.status.useQuery();
  const syncing = useIsMutating({ mutationKey: [['calendar', 'sync']] }) > 0;
  const now = useNow(30_000);
  if (!status.data) return null;

  const state: SyncIndicatorState = syncing ? 'syncing' : status.data.state;
  const { color, icon: Icon } = LOOK[state];
  const lastSynced = status.data.lastSyncedAt;
  const exact = lastSynced ? `Last synced ${formatDateTime(new Date(lastSynced), timeZone)}` : 'Not synced yet';
  const provider = status.data.provider;
  const name = provider ? CALENDAR_PROVIDER_NAMES[provider] : 'Calendar';

  return (
    <DelayedTooltip label={exact}>
      <Badge
        variant="light"
        color={color}
        size="lg"
        radius="xl"
        tt="none"
        leftSection={<Icon size={14} aria-hidden />}
        tabIndex={0}
        role="status"
        aria-label={`${name}: ${syncLabel(state, lastSynced, now)}. ${exact}`}
        data-testid="sync-indicator"
        data-state={state}
        data-provider={provider ?? undefined}
      >
        {syncLabel(state, lastSynced, now)}
      </Badge>
    </DelayedTooltip>
  );
}
