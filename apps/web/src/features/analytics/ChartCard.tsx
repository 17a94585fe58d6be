import { Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface ChartCardProps {
  id: string;
  title: string;
  description: string;
  children: ReactNode;
}

/** One titled section of the analytics screen; the chart inside is described by its heading and caption. */
export function ChartCard({ id, title, description, children }: ChartCardProps) {
  return (
    <Paper component="section" withBorder radius="lg" p="lg" aria-labelledby={`${id}-title`}>
      <Title id={`${id}-title`} order={2} fz="lg">
        {title}
      </Title>
      <Text c="dimmed" fz="sm" mb="md">
        {description}
      </Text>
      {children}
    </Paper>
  );
}
