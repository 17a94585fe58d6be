import { PRODUCT_NAME, SCHEDULING_HORIZON_DAYS, type User } from '@breaker/api-contract';
import { Button } from '@mantine/core';
import { IconCalendarPlus, IconSettings, IconSparkles } from '@tabler/icons-react';
import { toastNotSignedIn } from '../../contract-messages';
import { DelayedTooltip } from '../layout/DelayedTooltip';
import { ButtonLink } from '../layout/links';
import { CalendarFeedButton } from './CalendarFeedButton';
import { ConnectCalendarButton } from './ConnectCalendarButton';
import { DisconnectFeedButton } from './DisconnectFeedButton';
import { ReconnectCalendarButton } from './ReconnectCalendarButton';
import { SyncCalendarButton } from './SyncCalendarButton';
import { useCapabilities } from '../auth/use-capabilities';
import { useRefreshBreaks } from './use-refresh-breaks';

/** The calendar screen's header buttons: calendar connection, sync, refresh and settings. */
export function CalendarActions({ user }: { user: User }) {
  const refresh = useRefreshBreaks();
  const { microsoftSignIn } = useCapabilities();
  const provider = user.calendarProvider;

  function refreshNow() {
    if (user.id) refresh.mutate({ userId: user.id });
    else toastNotSignedIn('Refresh Failed');
  }

  return (
    <>
      {provider === 'google' || provider === 'microsoft' ? (
        <>
          <SyncCalendarButton user={user} />
          <ReconnectCalendarButton provider={provider} />
        </>
      ) : (
        <>
          {provider === 'ics' ? (
            <>
              <SyncCalendarButton user={user} />
              <DisconnectFeedButton />
            </>
          ) : provider === 'caldav' ? (
            <SyncCalendarButton user={user} />
          ) : (
            <CalendarFeedButton />
          )}
          <ConnectCalendarButton icon={<IconCalendarPlus size={18} />} />
          {microsoftSignIn && <ConnectCalendarButton calendar="microsoft" icon={<IconCalendarPlus size={18} />} />}
        </>
      )}
      <DelayedTooltip label={`Schedule new ${PRODUCT_NAME}s for the next ${SCHEDULING_HORIZON_DAYS} days`}>
        <Button leftSection={<IconSparkles size={18} />} disabled={refresh.isPending || !user.id} onClick={refreshNow}>
          {refresh.isPending ? 'Refreshing...' : `Refresh ${PRODUCT_NAME}s`}
        </Button>
      </DelayedTooltip>
      <ButtonLink to="/settings" variant="default" leftSection={<IconSettings size={18} />}>
        Settings
      </ButtonLink>
    </>
  );
}
