import { Group, Paper, Text } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';

export function TestModeBanner() {
  return (
    <Paper bg="var(--mantine-color-yellow-light)" px="md" py={6} radius="md" role="status">
      <Group gap="xs" justify="center" wrap="nowrap">
        <IconFlask size={16} aria-hidden />
        <Text fz="sm">
          <strong>Test mode:</strong> authentication is bypassed and you are using a test account.
        </Text>
      </Group>
    </Paper>
  );
}
