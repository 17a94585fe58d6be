import { Group, Paper, Text } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useOffline } from './connection-state';

/** Over every screen while Breaker cannot be reached: the app itself opens offline, its data needs the network. */
export function OfflineBanner() {
  const offline = useOffline();
  if (!offline) return null;
  return (
    <Paper bg="var(--mantine-color-gray-light)" px="md" py={6} radius={0} role="status" data-testid="offline-banner">
      <Group gap="xs" justify="center" wrap="nowrap">
        <IconCloudOff size={16} aria-hidden />
        <Text fz="sm">
          <strong>You are offline.</strong> Your breaks and calendar will show again once you are back online.
        </Text>
      </Group>
    </Paper>
  );
}
