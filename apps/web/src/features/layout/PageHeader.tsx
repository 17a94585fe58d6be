import { PRODUCT_NAME } from '@breaker/api-contract';
import { Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { lazy, Suspense, type ReactNode } from 'react';
import { useCurrentUserQuery } from '../auth/use-current-user';

// Loaded after the page's own code: the header's live state must not hold up the first render.
const HeaderStatus = lazy(() => import('../reminders/HeaderStatus'));

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
        <Suspense fallback={<Group mih={36} />}>
          <HeaderStatus user={user} />
        </Suspense>
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
