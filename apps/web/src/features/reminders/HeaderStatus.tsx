import type { User } from '@breaker/api-contract';
import { Group } from '@mantine/core';
import { resolveTimeZone } from '../../time/time-zone';
import { SyncIndicator } from '../calendar/SyncIndicator';
import { HeaderBell } from './HeaderBell';

/** The header's live state: the calendar's sync indicator and the break bell (with reminders and the guided session). */
export function HeaderStatus({ user }: { user: User }) {
  return (
    <Group justify="flex-end" gap="sm" mih={36}>
      <SyncIndicator timeZone={resolveTimeZone(user.preferences.timezone)} />
      <HeaderBell user={user} />
    </Group>
  );
}
