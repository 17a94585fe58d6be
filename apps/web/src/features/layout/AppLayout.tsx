import type { User } from '@breaker/api-contract';
import { Box, Burger } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { TestModeBanner } from '../auth/TestModeBanner';
import { useAdoptBrowserTimeZone } from '../auth/use-adopt-time-zone';
import { useTestModeActive } from '../auth/use-capabilities';
import classes from './AppLayout.module.css';
import { BrandMark } from './BrandMark';
import { SideNavigation } from './SideNavigation';

/** Our own grid rather than Mantine's AppShell, whose resizing and scroll-lock code every screen would download. */
export function AppLayout({ user, children }: { user: User; children: ReactNode }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  // Below the `sm` breakpoint a closed navigation is only moved off screen: inert keeps its links out of the tab order.
  const phone = useMediaQuery('(max-width: 47.99em)');
  const testMode = useTestModeActive();
  useAdoptBrowserTimeZone(user);

  return (
    <div className={classes.root}>
      <header className={classes.header}>
        <Burger opened={opened} onClick={toggle} aria-label={opened ? 'Close navigation' : 'Open navigation'} />
        <BrandMark />
      </header>
      <nav className={classes.navbar} aria-label="Main" data-opened={opened || undefined} inert={phone === true && !opened}>
        <SideNavigation user={user} onNavigate={close} />
      </nav>
      <main className={classes.main}>
        {testMode && (
          <Box mb="md">
            <TestModeBanner />
          </Box>
        )}
        {children}
      </main>
    </div>
  );
}
