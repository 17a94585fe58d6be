import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { PRODUCT_NAME } from '@breaker/api-contract';
import type { ReactNode } from 'react';
import { BrandMark } from '../layout/BrandMark';
import { AnchorLink } from '../layout/links';

interface AuthCardProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** The centred card every signed-out form sits in: the page's main landmark, so no content is outside a landmark. */
export function AuthCard({ title, subtitle, children, footer }: AuthCardProps) {
  useDocumentTitle(`${title} · ${PRODUCT_NAME}`);
  return (
    <Center component="main" mih="100dvh" p="md" bg="var(--mantine-color-body)">
      <Stack w="100%" maw={440} gap="lg">
        <AnchorLink to="/" underline="never" c="inherit" aria-label={`${PRODUCT_NAME} home`} w="fit-content">
          <BrandMark />
        </AnchorLink>
        <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
          <Stack gap="lg">
            <Stack gap={4}>
              <Title order={1} fz={26}>
                {title}
              </Title>
              {subtitle && <Text c="dimmed">{subtitle}</Text>}
            </Stack>
            {children}
          </Stack>
        </Paper>
        {footer && (
          <Text ta="center" fz="sm" c="dimmed">
            {footer}
          </Text>
        )}
      </Stack>
    </Center>
  );
}
