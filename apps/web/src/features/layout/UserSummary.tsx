import type { User } from '@breaker/api-contract';
import { Avatar, Group, Stack, Text } from '@mantine/core';
import { IconUser } from '@tabler/icons-react';
import { displayName } from './display-name';

export function UserSummary({ user }: { user: User }) {
  const name = displayName(user);
  return (
    <Group gap="sm" wrap="nowrap">
      <Avatar src={user.profileImageUrl} alt={user.profileImageUrl ? name : undefined} radius="xl" color="violet">
        <IconUser size={20} aria-hidden />
      </Avatar>
      <Stack gap={0} miw={0}>
        <Text fw={600} fz="sm" truncate="end">
          {name}
        </Text>
        {user.email && user.email !== name && (
          <Text c="dimmed" fz="xs" truncate="end">
            {user.email}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
