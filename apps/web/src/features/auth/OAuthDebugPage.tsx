import {
  Alert,
  Anchor,
  Badge,
  Button,
  Code,
  Container,
  Group,
  List,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconBrandGoogle, IconCalendarPlus, IconExternalLink } from '@tabler/icons-react';
import { errorMessage } from '../../errors';
import { trpc } from '../../trpc';
import { PageHeader } from '../layout/PageHeader';

const CLOUD_CONSOLE = 'https://console.cloud.google.com/apis/credentials';

/** A URL broken anywhere, so that a long one wraps on a phone instead of widening the page. */
function UrlCode({ url }: { url: string }) {
  return <Code style={{ wordBreak: 'break-all' }}>{url}</Code>;
}

function UrlRow({ label, url }: { label: string; url: string }) {
  return (
    <Table.Tr>
      <Table.Th>{label}</Table.Th>
      <Table.Td>
        <UrlCode url={url} />
      </Table.Td>
    </Table.Tr>
  );
}

export function OAuthDebugPage() {
  const config = trpc.auth.oauthConfig.useQuery();

  return (
    <Container size="md" py="md" px={0}>
      <Stack gap="lg">
        <PageHeader title="OAuth Debug" subtitle="Check how Google sign-in and calendar connection are set up on this server." />
        <Paper withBorder radius="lg" p="lg">
          <Title order={2} fz="lg" mb="md">
            Configuration
          </Title>
          {/* About the height the configuration takes at each width (long URLs wrap on phones): nothing jumps when it arrives. */}
          {config.isPending && <Skeleton h={{ base: 520, xs: 360, md: 290 }} />}
          {config.isError && <Alert color="red">{errorMessage(config.error, 'Could not load the OAuth configuration.')}</Alert>}
          {config.data && (
            <Stack gap="md">
              <Table variant="vertical" layout="fixed" withTableBorder>
                <Table.Tbody>
                  <Table.Tr>
                    <Table.Th w={180}>Domain</Table.Th>
                    <Table.Td>
                      <Code>{config.data.domain}</Code>
                    </Table.Td>
                  </Table.Tr>
                  <UrlRow label="Login callback" url={config.data.loginCallback} />
                  <UrlRow label="Calendar callback" url={config.data.calendarCallback} />
                  <Table.Tr>
                    <Table.Th>Google client id</Table.Th>
                    <Table.Td>
                      {config.data.googleClientId ? (
                        <Badge color="green.9">Configured</Badge>
                      ) : (
                        <Badge color="red.9">Not configured</Badge>
                      )}
                    </Table.Td>
                  </Table.Tr>
                </Table.Tbody>
              </Table>
              <div>
                <Text fw={600} mb={4}>
                  Authorised redirect URIs needed
                </Text>
                <List spacing={4}>
                  {config.data.redirectUrisNeeded.map((uri) => (
                    <List.Item key={uri}>
                      <UrlCode url={uri} />
                    </List.Item>
                  ))}
                </List>
              </div>
              <Anchor href={CLOUD_CONSOLE} target="_blank" rel="noreferrer">
                <Group gap={4} component="span">
                  Open the Google Cloud Console credentials page <IconExternalLink size={16} aria-hidden />
                </Group>
              </Anchor>
            </Stack>
          )}
        </Paper>

        <Paper withBorder radius="lg" p="lg">
          <Title order={2} fz="lg" mb="md">
            Try the flows
          </Title>
          <Group gap="sm">
            <Button component="a" href="/api/auth/google" leftSection={<IconBrandGoogle size={18} />}>
              Test sign-in
            </Button>
            <Button component="a" href="/api/auth/google/calendar" variant="light" leftSection={<IconCalendarPlus size={18} />}>
              Test calendar connection
            </Button>
          </Group>
        </Paper>

        <Paper withBorder radius="lg" p="lg">
          <Title order={2} fz="lg" mb="md">
            Troubleshooting
          </Title>
          <List spacing="sm" icon={<IconAlertTriangle size={18} color="var(--mantine-color-yellow-7)" aria-hidden />}>
            <List.Item>
              <Text fw={600} span>
                redirect_uri_mismatch:
              </Text>{' '}
              add every redirect URI listed above to the OAuth client in the Cloud Console, exactly as shown.
            </List.Item>
            <List.Item>
              <Text fw={600} span>
                invalid_request:
              </Text>{' '}
              check that the client id and secret belong to the same OAuth client and that the consent screen is set up.
            </List.Item>
          </List>
        </Paper>
      </Stack>
    </Container>
  );
}
