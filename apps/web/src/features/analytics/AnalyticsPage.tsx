import { List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChartDots } from '@tabler/icons-react';
import { PageHeader } from '../layout/PageHeader';

const PLANNED = [
  'Daily and weekly completion rates',
  'Break type preferences and effectiveness',
  'Wellness score trends',
  'Productivity correlation',
  'Detailed break history',
];

export function AnalyticsPage() {
  return (
    <Stack gap="lg">
      <PageHeader title="Analytics" subtitle="Track your wellness progress and break patterns." />
      <Paper withBorder radius="lg" p="xl" maw={640}>
        <ThemeIcon variant="light" size={48} radius="md" mb="md" aria-hidden>
          <IconChartDots size={26} />
        </ThemeIcon>
        <Title order={2} fz="lg" mb="xs">
          Coming soon
        </Title>
        <Text c="dimmed" mb="md">
          Analytics are on their way. Here is what you will be able to see:
        </Text>
        <List spacing="xs">
          {PLANNED.map((feature) => (
            <List.Item key={feature}>{feature}</List.Item>
          ))}
        </List>
      </Paper>
    </Stack>
  );
}
