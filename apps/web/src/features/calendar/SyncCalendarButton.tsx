import type { User } from '@breaker/api-contract';
import { Button } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { toastNotSignedIn } from '../../contract-messages';
import { useCalendarSync } from './use-calendar-sync';

/** 'Sync Calendar': reads the connected calendar now, whichever it is, and says what came of it. */
export function SyncCalendarButton({ user }: { user: User }) {
  const sync = useCalendarSync(user.calendarProvider);

  function syncNow() {
    if (user.id) sync.mutate({ userId: user.id });
    else toastNotSignedIn('Sync Failed');
  }

  return (
    <Button variant="default" leftSection={<IconRefresh size={18} />} disabled={sync.isPending} onClick={syncNow}>
      {sync.isPending ? 'Syncing...' : 'Sync Calendar'}
    </Button>
  );
}
