import type { User } from '@breaker/api-contract';
import { Box, Button, Divider } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import type { MouseEvent } from 'react';
import { signOutOfThisBrowser } from '../installable/sign-out';
import classes from './AppLayout.module.css';
import { BrandMark } from './BrandMark';
import { NavItemLink } from './NavItemLink';
import { NAV_ITEMS } from './nav-items';
import { UserSummary } from './UserSummary';

/** The link signs out even without script; with it, this browser forgets the user's reminders and caches first. */
function signOut(event: MouseEvent<HTMLAnchorElement>): void {
  event.preventDefault();
  const href = event.currentTarget.href;
  signOutOfThisBrowser(() => window.location.assign(href));
}

export function SideNavigation({ user, onNavigate }: { user: User; onNavigate: () => void }) {
  return (
    <>
      <Box className={classes.section} visibleFrom="sm">
        <BrandMark />
      </Box>
      <div className={classes.links}>
        {NAV_ITEMS.map(({ to, label, icon }) => (
          <NavItemLink key={to} to={to} label={label} icon={icon} onClick={onNavigate} />
        ))}
      </div>
      <div className={classes.section}>
        <Divider mb="md" />
        <UserSummary user={user} />
        <Button
          component="a"
          href="/api/logout"
          onClick={signOut}
          variant="light"
          color="gray"
          fullWidth
          mt="md"
          leftSection={<IconLogout size={18} />}
        >
          Log Out
        </Button>
      </div>
    </>
  );
}
