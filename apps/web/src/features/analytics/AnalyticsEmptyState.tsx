import { List, Paper, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCalendarWeek, IconChartDots } from '@tabler/icons-react';
import { ButtonLink } from '../layout/links';

const COMING = [
  'Daily and weekly completion rates',
  'The mix of break types you take',
  'Your streaks of days with a break taken',
  'How many breaks you take on light and on busy meeting days',
  'A history of every break, taken, skipped or missed',
];

/** What a new user sees: what this screen will show once breaks have come and gone, and how to get there. */
export function AnalyticsEmptyState() {
  return (
    <Paper withBorder radius="lg" p="xl" maw={680}>
      <ThemeIcon variant="light" size={48} radius="md" mb="md" aria-hidden>
        <IconChartDots size={26} />
      </ThemeIcon>
      <Title order={2} fz="lg" mb="xs">
        Your analytics start with your first break
      </Title>
      <Text c="dimmed" mb="md">
        Once your planned breaks have come and gone, you will see here, for the last eight weeks:
      </Text>
      <List spacing="xs" mb="lg">
        {COMING.map((item) => (
          <List.Item key={item}>{item}</List.Item>
        ))}
      </List>
      <ButtonLink to="/calendar" leftSection={<IconCalendarWeek size={18} />}>
        Plan breaks in your calendar
      </ButtonLink>
    </Paper>
  );
}
