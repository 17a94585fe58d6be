import type { User } from '@breaker/api-contract';
import { Group, Stack, Text } from '@mantine/core';
import { displayName } from './display-name';
import { UserAvatar } from './UserAvatar';

export function UserSummary({ user }: { user: User }) {
  const name = displayName(user);
  return (
    <Group gap="sm" wrap="nowrap">
      <UserAvatar src={user.profileImageUrl} name={name} />
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
