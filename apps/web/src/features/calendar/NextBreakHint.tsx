import { PRODUCT_NAME, type BreakSession } from '@breaker/api-contract';
import { Button, Group, Paper, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { formatDateTime } from '../../time/time-zone';

interface NextBreakHintProps {
  next: BreakSession;
  timeZone: string;
  onShow: () => void;
}

/** When the days in view hold no breaks, points to the next one instead of leaving an empty grid unexplained. */
export function NextBreakHint({ next, timeZone, onShow }: NextBreakHintProps) {
  return (
    <Paper withBorder radius="md" px="md" py="xs">
      <Group justify="space-between" gap="sm">
        <Text fz="sm">
          No {PRODUCT_NAME}s on these days. Your next one is {next.activity.name},{' '}
          {formatDateTime(new Date(next.scheduledTime), timeZone)}.
        </Text>
        <Button variant="light" size="xs" h={32} rightSection={<IconArrowRight size={14} />} onClick={onShow}>
          Show it
        </Button>
      </Group>
    </Paper>
  );
}
