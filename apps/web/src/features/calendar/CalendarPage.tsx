import { PRODUCT_NAME } from '@breaker/api-contract';
import { Group, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconSettings } from '@tabler/icons-react';
import { useDeferredValue, useMemo, useState } from 'react';
import { Later } from '../../later/Later';
import { laterModule } from '../../later/later-module';
import { useLater } from '../../later/use-later';
import { trpc } from '../../trpc';
import { addDays } from '../../time/day-key';
import { resolveTimeZone, timeZoneLabel, todayIn, zonedMoment } from '../../time/time-zone';
import { useSignedInUser } from '../auth/use-current-user';
import { ButtonLink } from '../layout/links';
import { PageHeader } from '../layout/PageHeader';
import { breakActionsMenu } from './BreakActionsButton';
import { CalendarActions } from './CalendarActions';
import { CalendarLegend } from './CalendarLegend';
import { CalendarNavigator } from './CalendarNavigator';
import type { CalendarReturnParams } from './calendar-return';
import { visibleDays, viewHeading, type CalendarView } from './calendar-view';
import { planWeek } from './place-items';
import { useBreakActions, type BreakDialog } from './use-break-actions';
import { WeekGrid } from './WeekGrid';

// Only fetched when someone changes a break's exercise or time, or when there is something to tell.
const changeDialog = laterModule(() => import('./BreakChangeDialog'));
const emptyNotice = laterModule(() => import('./EmptyBreaksNotice'));
const nextBreakHint = laterModule(() => import('./NextBreakHint'));
const loadErrorNotice = laterModule(() => import('./ScheduleLoadError'));
const returnNotice = laterModule(() => import('./CalendarReturnNotice'));
// Fetched when the browser is idle after the first render, or when a break is first opened.
const breakDetails = laterModule(() => import('./BreakDetailsModal'), {
  title: 'Break Unavailable',
  message: 'The break could not be opened. Please try again.',
});
const NO_BREAK: string | undefined = undefined;

export function CalendarPage({ returnParams }: { returnParams: CalendarReturnParams }) {
  const user = useSignedInUser();
  const { preferences } = user;
  const timeZone = resolveTimeZone(preferences.timezone);
  const today = todayIn(timeZone);
  const isPhone = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });

  const [view, setView] = useState<CalendarView>(isPhone || preferences.calendarView === 'day' ? 'day' : 'week');
  const [anchor, setAnchor] = useState(today);
  const {
    loaded: detailsCode,
    intent: openBreakId,
    setIntent: setOpenBreakId,
    ask: openBreak,
  } = useLater(breakDetails, NO_BREAK);
  const BreakDetailsModal = detailsCode?.BreakDetailsModal;
  breakDetails.usePrefetchWhenIdle();
  breakActionsMenu.usePrefetchWhenIdle();

  const events = trpc.calendar.events.useQuery();
  const breaks = trpc.breaks.upcoming.useQuery();
  const [dialog, setDialog] = useState<BreakDialog>();
  const actions = useBreakActions(
    () => setOpenBreakId(undefined),
    (next) => {
      setOpenBreakId(undefined);
      setDialog(next);
    },
  );

  const days = useMemo(() => visibleDays(view, anchor), [view, anchor]);
  const latestPlan = useMemo(
    () =>
      planWeek({
        days,
        events: events.data ?? [],
        breaks: breaks.data ?? [],
        timeZone,
        workStartTime: preferences.workStartTime,
        workEndTime: preferences.workEndTime,
      }),
    [days, events.data, breaks.data, timeZone, preferences.workStartTime, preferences.workEndTime],
  );
  // The grid of a new week or of newly arrived meetings renders in the background, in slices the browser can interrupt:
  // on a busy machine one render of 30 meetings and their breaks was long enough to block input.
  const plan = useDeferredValue(latestPlan);
  const openSession = breaks.data?.find((session) => session.id === openBreakId);
  const breaksInView = latestPlan.days.some((day) => day.items.some((item) => item.kind === 'break'));
  // With no break in view, the hint finds the next one itself (or says nothing): the first download need not.
  const breaksOutOfView = breaksInView ? undefined : breaks.data;
  const loadError = events.error ?? breaks.error;

  return (
    <Stack gap="md">
      {(returnParams.success !== undefined || returnParams.error !== undefined) && (
        <Later module={returnNotice}>
          {({ CalendarReturnNotice }) => <CalendarReturnNotice params={returnParams} userId={user.id} />}
        </Later>
      )}
      <PageHeader
        title="Calendar"
        subtitle={`Your weekly schedule with meetings and ${PRODUCT_NAME}s.`}
        actions={<CalendarActions user={user} />}
      />
      {loadError && (
        <Later module={loadErrorNotice}>
          {({ ScheduleLoadError }) => (
            <ScheduleLoadError error={loadError} onRetry={() => void Promise.all([events.refetch(), breaks.refetch()])} />
          )}
        </Later>
      )}
      <CalendarNavigator
        view={view}
        heading={viewHeading(view, days)}
        timeZoneLabel={timeZoneLabel(timeZone)}
        loading={events.isFetching || breaks.isFetching}
        onViewChange={setView}
        onStep={(direction) => setAnchor((current) => addDays(current, direction * (view === 'week' ? 7 : 1)))}
        onToday={() => setAnchor(today)}
      />
      {breaksOutOfView && (
        <Later module={nextBreakHint}>
          {({ NextBreakHint }) => (
            <NextBreakHint
              breaks={breaksOutOfView}
              timeZone={timeZone}
              onShow={(next) => setAnchor(zonedMoment(new Date(next.scheduledTime), timeZone).day)}
            />
          )}
        </Later>
      )}
      <WeekGrid
        plan={plan}
        today={today}
        timeZone={timeZone}
        busy={events.isPending || breaks.isPending || plan !== latestPlan}
        actions={actions}
        onOpenBreak={openBreak}
      />
      {/* Below the grid: only known once the breaks have loaded, and above it would push the grid down then. */}
      {breaks.isSuccess && breaks.data.length === 0 && (
        <Later module={emptyNotice}>
          {({ EmptyBreaksNotice }) => (
            <EmptyBreaksNotice
              calendarConnected={user.calendarProvider !== null}
              activitiesChosen={preferences.selectedActivities.length > 0}
            />
          )}
        </Later>
      )}
      <Group justify="space-between" gap="sm">
        <CalendarLegend />
        <ButtonLink to="/settings" variant="light" leftSection={<IconSettings size={18} />}>
          Schedule Settings
        </ButtonLink>
      </Group>
      {BreakDetailsModal && (
        <BreakDetailsModal
          session={openSession}
          timeZone={timeZone}
          actions={actions}
          onClose={() => setOpenBreakId(undefined)}
        />
      )}
      {dialog && (
        <Later module={changeDialog}>
          {({ BreakChangeDialog }) => (
            <BreakChangeDialog key={dialog.session.id} dialog={dialog} timeZone={timeZone} onClose={() => setDialog(undefined)} />
          )}
        </Later>
      )}
    </Stack>
  );
}
