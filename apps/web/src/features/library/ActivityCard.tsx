import type { BreakActivity } from '@breaker/api-contract';
import { Badge, Checkbox, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { ActivityIcon } from './ActivityIcon';
import { activityTypeLabel } from './activity-type-label';
import classes from './ActivityCard.module.css';

const DIFFICULTY_COLOR = { easy: 'green', medium: 'orange', hard: 'red' } as const;

interface ActivityCardProps {
  activity: BreakActivity;
  checked: boolean;
  onToggle: () => void;
}

export function ActivityCard({ activity, checked, onToggle }: ActivityCardProps) {
  const difficulty = activity.difficulty ?? 'easy';
  return (
    <Checkbox.Card
      className={classes.card}
      radius="lg"
      checked={checked}
      onChange={onToggle}
      aria-label={`${activity.name}, ${activity.duration} min`}
    >
      <Stack gap="sm" p="md" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <ThemeIcon variant="light" size={40} radius="md" aria-hidden>
              <ActivityIcon type={activity.type} size={22} />
            </ThemeIcon>
            <Stack gap={0} miw={0}>
              <Text fw={650} lineClamp={1}>
                {activity.name}
              </Text>
              <Text fz="sm" c="dimmed">
                {activity.duration} min
              </Text>
            </Stack>
          </Group>
          <Checkbox.Indicator />
        </Group>
        <Group gap={6}>
          <Badge variant="light">{activityTypeLabel(activity.type)}</Badge>
          {/* The tint carries the colour; the text stays at full contrast (green, orange and red text on it is not AA). */}
          <Badge variant="light" color={DIFFICULTY_COLOR[difficulty]} c="var(--mantine-color-text)">
            {difficulty}
          </Badge>
        </Group>
        <Text fz="sm" lineClamp={3}>
          {activity.summary || activity.instructions}
        </Text>
        {activity.equipment && activity.equipment !== 'none' && (
          <Text fz="sm" c="dimmed">
            Equipment: {activity.equipment}
          </Text>
        )}
        <Text fz="xs" c={checked ? 'violet' : 'dimmed'} fw={checked ? 600 : 400} mt="auto">
          {checked ? '✓ Added to your break library' : 'Click to add to your break library'}
        </Text>
      </Stack>
    </Checkbox.Card>
  );
}
