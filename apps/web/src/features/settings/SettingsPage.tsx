import { Alert, Skeleton, Stack } from '@mantine/core';
import { errorMessage } from '../../errors';
import { trpc } from '../../trpc';
import { useSignedInUser } from '../auth/use-current-user';
import { PageHeader } from '../layout/PageHeader';
import { AccountCard } from './AccountCard';
import { AppearanceCard } from './AppearanceCard';
import { BreaksFeedCard } from './BreaksFeedCard';
import { CalendarConnectionCard } from './CalendarConnectionCard';
import { PlanningCard } from './PlanningCard';
import { RemindersCard } from './RemindersCard';
import { WorkScheduleCard } from './WorkScheduleCard';

export function SettingsPage() {
  const user = useSignedInUser();
  const preferences = trpc.preferences.get.useQuery();

  return (
    // Long addresses (a CalDAV server, a feed) wrap instead of pushing a phone-width page sideways.
    <Stack gap="lg" maw={880} style={{ overflowWrap: 'anywhere' }}>
      <PageHeader title="Settings" subtitle="Your work hours, breaks and account." />
      {/* The work-schedule and planning cards' places, so the cards below keep still while preferences arrive. */}
      {preferences.isPending && <Skeleton h={260} radius="lg" />}
      {preferences.isPending && <Skeleton h={{ base: 700, sm: 540 }} radius="lg" />}
      {preferences.isError && (
        <Alert color="red" title="Your preferences could not be loaded">
          {errorMessage(preferences.error, 'Please reload the page and try again.')}
        </Alert>
      )}
      {preferences.data && <WorkScheduleCard preferences={preferences.data} />}
      {preferences.data && <PlanningCard preferences={preferences.data} />}
      <CalendarConnectionCard user={user} />
      {preferences.data && <RemindersCard preferences={preferences.data} />}
      <BreaksFeedCard />
      <AppearanceCard />
      <AccountCard />
    </Stack>
  );
}
