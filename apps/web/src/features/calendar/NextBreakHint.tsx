import { PRODUCT_NAME, type BreakSession } from '@breaker/api-contract';
import { Button, Group, Paper, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { formatDateTime } from '../../time/time-zone';
import { nextScheduledBreak } from './next-break';

interface NextBreakHintProps {
  /** The user's upcoming breaks, none of them on the days in view. */
  breaks: BreakSession[];
  timeZone: string;
  onShow: (next: BreakSession) => void;
}

/**
 * When the days in view hold no breaks, points to the next one instead of leaving an empty grid unexplained; nothing
 * when no break is still to come.
 */
export function NextBreakHint({ breaks, timeZone, onShow }: NextBreakHintProps) {
  const next = nextScheduledBreak(breaks, new Date());
  if (!next) return null;
  return (
    <Paper withBorder radius="md" px="md" py="xs">
      <Group justify="space-between" gap="sm">
        <Text fz="sm">
          No {PRODUCT_NAME}s on these days. Your next one is {next.activity.name},{' '}
          {formatDateTime(new Date(next.scheduledTime), timeZone)}.
        </Text>
        <Button variant="light" size="xs" h={32} rightSection={<IconArrowRight size={14} />} onClick={() => onShow(next)}>
          Show it
        </Button>
      </Group>
    </Paper>
  );
}
