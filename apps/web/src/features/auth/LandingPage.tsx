import { PRODUCT_NAME } from '@breaker/api-contract';
import { Box, Button, Container, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconEye, IconLeaf, IconStretching, IconWalk } from '@tabler/icons-react';
import { BrandMark } from '../layout/BrandMark';
import { AnchorLink, ButtonLink } from '../layout/links';
import { GoogleSignInButton } from './GoogleSignInButton';
import { MicrosoftSignInButton } from './MicrosoftSignInButton';
import { LandingSteps } from './LandingSteps';
import { OidcSignInButton } from './OidcSignInButton';
import { useCapabilities } from './use-capabilities';

const BREAK_KINDS = [
  { icon: IconStretching, title: 'Stretch and posture', text: 'Loosen your neck, shoulders and back after a long call.' },
  { icon: IconEye, title: 'Eye rest', text: 'Look away from the screen and let your eyes refocus.' },
  { icon: IconWalk, title: 'Movement', text: 'A short walk or a few easy exercises to get the blood moving.' },
  { icon: IconLeaf, title: 'Mindfulness', text: 'A minute of slow breathing before the next meeting.' },
];

export function LandingPage() {
  useDocumentTitle(`${PRODUCT_NAME} · Short wellness breaks between your meetings`);
  const { devLogin, registration } = useCapabilities();
  return (
    <Box component="main">
      <Container size="lg" py="md">
        <Group justify="space-between">
          <BrandMark />
          <ButtonLink to="/login" variant="subtle">
            Sign In
          </ButtonLink>
        </Group>
      </Container>

      <Container size="md" py={{ base: 48, sm: 80 }}>
        <Stack align="center" ta="center" gap="lg">
          <Title order={1} fz={{ base: 34, sm: 48 }} lh={1.15}>
            Short breaks that fit between your meetings
          </Title>
          <Text fz={{ base: 'md', sm: 'lg' }} c="dimmed" maw={620}>
            {PRODUCT_NAME} reads your calendar and books 4-5 short wellness breaks into your workday. Each one takes under 5
            minutes, so you come back to the next meeting rested. Free to start.
          </Text>
          <Group justify="center" gap="sm">
            {registration && (
              <ButtonLink to="/register" size="md">
                Create Account
              </ButtonLink>
            )}
            <ButtonLink to="/login" size="md" variant="default">
              Sign In
            </ButtonLink>
          </Group>
          <OidcSignInButton variant="outline" size="md" />
          <GoogleSignInButton variant="outline" size="md" />
          <MicrosoftSignInButton variant="outline" size="md" />
          <Stack gap={4}>
            <Text fz="sm" c="dimmed">
              Prefer a password? <AnchorLink to="/login">Sign in with username and password</AnchorLink>
            </Text>
            {devLogin && (
              <Text fz="sm" c="dimmed">
                Can't sign in? <AnchorLink to="/emergency-login">Emergency Access</AnchorLink>
              </Text>
            )}
          </Stack>
        </Stack>
      </Container>

      <Container size="lg" pb={64}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
          {BREAK_KINDS.map(({ icon: Icon, title, text }) => (
            <Paper key={title} withBorder radius="lg" p="lg">
              <ThemeIcon variant="light" size={44} radius="md" mb="sm" aria-hidden>
                <Icon size={24} />
              </ThemeIcon>
              <Title order={2} fz="lg" mb={4}>
                {title}
              </Title>
              <Text fz="sm" c="dimmed">
                {text}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      </Container>

      <LandingSteps />

      <Container size="md" py={64}>
        <Paper radius="lg" p={{ base: 'lg', sm: 48 }} bg="var(--mantine-primary-color-light)" ta="center">
          <Stack align="center" gap="md">
            <Title order={2}>Ready for a calmer workday?</Title>
            <Text c="dimmed" maw={520}>
              Connect your calendar once. {PRODUCT_NAME} keeps your breaks between meetings for the next 6 days.
            </Text>
            <Button component="a" href="/api/login" size="md">
              Get Started Free
            </Button>
          </Stack>
        </Paper>
      </Container>
    </Box>
  );
}
