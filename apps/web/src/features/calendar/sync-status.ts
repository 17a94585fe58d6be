import type { CalendarStatus } from '@breaker/api-contract';

export type SyncIndicatorState = CalendarStatus['state'] | 'syncing';

const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });

/** 'just now', '5 minutes ago', '2 hours ago', 'yesterday', '3 days ago'. */
export function relativeTime(then: Date, now: Date): string {
  const seconds = Math.round((then.getTime() - now.getTime()) / 1000);
  if (Math.abs(seconds) < 60) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (Math.abs(minutes) < 60) return relative.format(minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (Math.abs(hours) < 24) return relative.format(hours, 'hour');
  return relative.format(Math.round(hours / 24), 'day');
}

/** The indicator's words for each state. */
export function syncLabel(state: SyncIndicatorState, lastSyncedAt: string | null, now: Date): string {
  switch (state) {
    case 'syncing':
      return 'Syncing…';
    case 'needs-reconnection':
      return 'Needs reconnection';
    case 'not-connected':
      return 'Not connected';
    case 'synced':
      return lastSyncedAt ? `Synced ${relativeTime(new Date(lastSyncedAt), now)}` : 'Connected, not synced yet';
  }
}
