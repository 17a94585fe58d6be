import { PRODUCT_NAME } from '@breaker/api-contract';
import { Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconHome } from '@tabler/icons-react';
import { ButtonLink } from './links';

export function NotFoundPage() {
  useDocumentTitle(`Page not found · ${PRODUCT_NAME}`);
  return (
    <Stack align="center" justify="center" gap="md" mih="60dvh" ta="center" p="md">
      <Title order={1}>404 Page Not Found</Title>
      <Text c="dimmed">That page doesn't exist. Your breaks are waiting on the dashboard.</Text>
      <ButtonLink to="/" leftSection={<IconHome size={18} />}>
        Go to the dashboard
      </ButtonLink>
    </Stack>
  );
}
