import type { User } from '@breaker/api-contract';
import { AppShell, Button, Divider, Stack } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { BrandMark } from './BrandMark';
import { NavLinkItem } from './links';
import { NAV_ITEMS } from './nav-items';
import { UserSummary } from './UserSummary';

export function SideNavigation({ user, onNavigate }: { user: User; onNavigate: () => void }) {
  return (
    <>
      <AppShell.Section p="md" visibleFrom="sm">
        <BrandMark />
      </AppShell.Section>
      {/* Native scrolling: Mantine's ScrollArea would bring its positioning library into every screen's first load. */}
      <AppShell.Section grow px="sm" py="xs" style={{ overflowY: 'auto' }}>
        <Stack gap={4}>
          {NAV_ITEMS.map(({ to, label, icon: Icon }) => (
            <NavLinkItem
              key={to}
              to={to}
              label={label}
              leftSection={<Icon size={20} stroke={1.6} aria-hidden />}
              activeOptions={{ exact: true }}
              onClick={onNavigate}
              style={{ borderRadius: 'var(--mantine-radius-md)', minHeight: 40 }}
            />
          ))}
        </Stack>
      </AppShell.Section>
      <AppShell.Section p="md">
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
      </AppShell.Section>
    </>
  );
}
