import { PRODUCT_NAME, SCHEDULING_HORIZON_DAYS, VALIDATION, type User } from '@breaker/api-contract';
import { Button } from '@mantine/core';
import { IconCalendarPlus, IconRefresh, IconRotateClockwise, IconSettings, IconSparkles } from '@tabler/icons-react';
import { toastError } from '../../toast';
import { DelayedTooltip } from '../layout/DelayedTooltip';
import { ButtonLink } from '../layout/links';
import { CalendarFeedButton } from './CalendarFeedButton';
import { ConnectCalendarButton } from './ConnectCalendarButton';
import { DisconnectFeedButton } from './DisconnectFeedButton';
import { useCapabilities } from '../auth/use-capabilities';
import { useCalendarSync } from './use-calendar-sync';
import { useRefreshBreaks } from './use-refresh-breaks';

/** The calendar screen's header buttons: calendar connection, sync, refresh and settings. */
export function CalendarActions({ user }: { user: User }) {
  const sync = useCalendarSync(user.calendarProvider);
  const refresh = useRefreshBreaks();
  const { microsoftSignIn } = useCapabilities();
  const provider = user.calendarProvider;

  function withUserId(title: string, run: (userId: string) => void) {
    if (user.id) run(user.id);
    else toastError({ title, message: VALIDATION.userNotAuthenticated });
  }

  const syncButton = (
    <Button
      variant="default"
      leftSection={<IconRefresh size={18} />}
      disabled={sync.isPending}
      onClick={() => withUserId('Sync Failed', (userId) => sync.mutate({ userId }))}
    >
      {sync.isPending ? 'Syncing...' : 'Sync Calendar'}
    </Button>
  );

  return (
    <>
      {provider === 'google' || provider === 'microsoft' ? (
        <>
          {syncButton}
          <Button
            component="a"
            href={`/api/auth/${provider}/calendar`}
            variant="default"
            leftSection={<IconRotateClockwise size={18} />}
          >
            Reconnect
          </Button>
        </>
      ) : (
        <>
          {provider === 'ics' ? (
            <>
              {syncButton}
              <DisconnectFeedButton />
            </>
          ) : user.calendarProvider === 'caldav' ? (
            syncButton
          ) : (
            <CalendarFeedButton />
          )}
          <ConnectCalendarButton icon={<IconCalendarPlus size={18} />} />
          {microsoftSignIn && <ConnectCalendarButton calendar="microsoft" icon={<IconCalendarPlus size={18} />} />}
        </>
      )}
      <DelayedTooltip label={`Schedule new ${PRODUCT_NAME}s for the next ${SCHEDULING_HORIZON_DAYS} days`}>
        <Button
          leftSection={<IconSparkles size={18} />}
          disabled={refresh.isPending || !user.id}
          onClick={() => withUserId('Refresh Failed', (userId) => refresh.mutate({ userId }))}
        >
          {refresh.isPending ? 'Refreshing...' : `Refresh ${PRODUCT_NAME}s`}
        </Button>
      </DelayedTooltip>
      <ButtonLink to="/settings" variant="default" leftSection={<IconSettings size={18} />}>
        Settings
      </ButtonLink>
    </>
  );
}
