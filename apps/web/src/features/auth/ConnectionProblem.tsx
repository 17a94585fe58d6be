import { Button, Center, Stack, Text, Title } from '@mantine/core';

export function ConnectionProblem({ onRetry }: { onRetry: () => void }) {
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="sm" maw={420} ta="center">
        <Title order={2}>We can't reach Breaker right now</Title>
        <Text c="dimmed">Check your connection, then try again.</Text>
        <Button onClick={onRetry}>Try again</Button>
      </Stack>
    </Center>
  );
}
