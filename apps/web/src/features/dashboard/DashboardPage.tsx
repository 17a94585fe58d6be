import { PRODUCT_NAME } from '@breaker/api-contract';
import { SimpleGrid, Stack, Title } from '@mantine/core';
import { IconChartBar, IconSettings, IconStretching } from '@tabler/icons-react';
import { resolveTimeZone } from '../../time/time-zone';
import { useSignedInUser } from '../auth/use-current-user';
import { PageHeader } from '../layout/PageHeader';
import { ActionCard } from './ActionCard';
import { CalendarStatusCard } from './CalendarStatusCard';
import { ProfileSetupCard } from './ProfileSetupCard';
import { QuickCards } from './QuickCards';

export function DashboardPage() {
  const user = useSignedInUser();
  const title = user.firstName ? `Welcome back, ${user.firstName}!` : `Welcome to ${PRODUCT_NAME}, ${user.username}!`;

  return (
    <Stack gap="lg">
      <PageHeader title={title} subtitle="Your breaks for today, at a glance." />
      <QuickCards timeZone={resolveTimeZone(user.preferences.timezone)} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <ProfileSetupCard preferences={user.preferences} />
        <CalendarStatusCard provider={user.calendarProvider} />
      </SimpleGrid>
      <section aria-labelledby="more-heading">
        <Title id="more-heading" order={2} fz="lg" mb="sm">
          More
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <ActionCard to="/break-activities" icon={IconStretching} title="Take a Break" color="teal">
            Choose the activities you enjoy.
          </ActionCard>
          <ActionCard to="/analytics" icon={IconChartBar} title="View Analytics" color="blue">
            See how your breaks add up.
          </ActionCard>
          <ActionCard to="/settings" icon={IconSettings} title="Settings" color="gray">
            Adjust your schedule and account.
          </ActionCard>
        </SimpleGrid>
      </section>
    </Stack>
  );
}
