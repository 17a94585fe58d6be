import { Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A settings card's heading, and the line under it that says what the card is for. */
export function CardHeading({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <Title order={2} fz="lg" mb={4}>
        {title}
      </Title>
      <Text fz="sm" c="dimmed" mb="md">
        {children}
      </Text>
    </>
  );
}
