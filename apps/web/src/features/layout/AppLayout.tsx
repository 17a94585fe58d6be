import type { User } from '@breaker/api-contract';
import { AppShell, Box, Burger, Group } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { TestModeBanner } from '../auth/TestModeBanner';
import { useAdoptBrowserTimeZone } from '../auth/use-adopt-time-zone';
import { useTestModeActive } from '../auth/use-capabilities';
import { BrandMark } from './BrandMark';
import { SideNavigation } from './SideNavigation';

export function AppLayout({ user, children }: { user: User; children: ReactNode }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  // Below the `sm` breakpoint a closed navigation is only moved off screen: inert keeps its links out of the tab order.
  const phone = useMediaQuery('(max-width: 47.99em)');
  const testMode = useTestModeActive();
  useAdoptBrowserTimeZone(user);

  return (
    <AppShell
      header={{ height: { base: 56, sm: 0 } }}
      navbar={{ width: 264, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <AppShell.Header hiddenFrom="sm">
        <Group h="100%" px="md" gap="sm">
          <Burger opened={opened} onClick={toggle} aria-label={opened ? 'Close navigation' : 'Open navigation'} />
          <BrandMark />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar aria-label="Main" inert={phone === true && !opened}>
        <SideNavigation user={user} onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main>
        {testMode && (
          <Box mb="md">
            <TestModeBanner />
          </Box>
        )}
        {children}
      </AppShell.Main>
    </AppShell>
  );
}
