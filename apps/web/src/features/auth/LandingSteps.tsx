import { Container, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';

const STEPS = [
  { title: 'Connect your calendar', text: 'Sign in with Google so your meetings are known.' },
  { title: 'Set your work hours', text: 'Choose when your day starts and ends and how many breaks you want.' },
  {
    title: 'Take your breaks',
    text: 'Short activities appear in the gaps between meetings. Follow along, then get back to work.',
  },
];

export function LandingSteps() {
  return (
    <Container size="lg" pb={32}>
      <Title order={2} ta="center" mb="xl">
        How it works
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl">
        {STEPS.map((step, index) => (
          <Stack key={step.title} gap="xs" align="center" ta="center">
            <ThemeIcon radius="xl" size={40} aria-hidden>
              {index + 1}
            </ThemeIcon>
            <Title order={3} fz="lg">
              {step.title}
            </Title>
            <Text c="dimmed" fz="sm">
              {step.text}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Container>
  );
}
