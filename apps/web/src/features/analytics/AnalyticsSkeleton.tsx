import { SimpleGrid, Skeleton, Stack } from '@mantine/core';

/** Placeholders of the final size, so nothing jumps when the figures arrive. */
export function AnalyticsSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true" aria-label="Loading your analytics">
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} h={112} radius="lg" />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} h={352} radius="lg" />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
