import type { User } from '@breaker/api-contract';
import { Box, Button, Divider } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import classes from './AppLayout.module.css';
import { BrandMark } from './BrandMark';
import { NavItemLink } from './NavItemLink';
import { NAV_ITEMS } from './nav-items';
import { UserSummary } from './UserSummary';

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
