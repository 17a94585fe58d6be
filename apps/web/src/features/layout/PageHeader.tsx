import { PRODUCT_NAME } from '@breaker/api-contract';
import { Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Later } from '../../later/Later';
import { laterModule } from '../../later/later-module';
import { useCurrentUserQuery } from '../auth/use-current-user';

// Loaded after the page's own code: the header's live state must not hold up the first render.
const headerStatus = laterModule(() => import('../reminders/HeaderStatus'));

interface PageHeaderProps {
  title: string;
  subtitle?: string;
  actions?: ReactNode;
}

export function PageHeader({ title, subtitle, actions }: PageHeaderProps) {
  useDocumentTitle(`${title} · ${PRODUCT_NAME}`);
  const user = useCurrentUserQuery().data;
  return (
    <Stack gap="xs">
      {user && (
        <Later module={headerStatus} fallback={<Group mih={36} />}>
          {({ HeaderStatus }) => <HeaderStatus user={user} />}
        </Later>
      )}
      <Group justify="space-between" align="flex-end" gap="md" wrap="wrap">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 26, sm: 30 }}>
            {title}
          </Title>
          {subtitle && <Text c="dimmed">{subtitle}</Text>}
        </Stack>
        {actions && (
          <Group gap="sm" wrap="wrap">
            {actions}
          </Group>
        )}
      </Group>
    </Stack>
  );
}
