import { Button, Group, Loader, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconWorld } from '@tabler/icons-react';
import { SegmentedChoice } from '../layout/SegmentedChoice';
import type { CalendarView } from './calendar-view';

const VIEWS: readonly { value: CalendarView; label: string }[] = [
  { value: 'day', label: 'Day' },
  { value: 'week', label: 'Week' },
];

interface CalendarNavigatorProps {
  view: CalendarView;
  heading: string;
  timeZoneLabel: string;
  loading: boolean;
  onViewChange: (view: CalendarView) => void;
  onStep: (direction: -1 | 1) => void;
  onToday: () => void;
}

export function CalendarNavigator({
  view,
  heading,
  timeZoneLabel,
  loading,
  onViewChange,
  onStep,
  onToday,
}: CalendarNavigatorProps) {
  const unit = view === 'week' ? 'week' : 'day';
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Group gap="xs" wrap="wrap">
        <Group gap="xs" wrap="nowrap">
          <Button variant="default" w={40} px={0} aria-label={`Previous ${unit}`} onClick={() => onStep(-1)}>
            <IconChevronLeft size={18} />
          </Button>
          <Button variant="default" onClick={onToday}>
            Today
          </Button>
          <Button variant="default" w={40} px={0} aria-label={`Next ${unit}`} onClick={() => onStep(1)}>
            <IconChevronRight size={18} />
          </Button>
        </Group>
        <Group gap="xs" wrap="nowrap">
          <Title order={2} fz={{ base: 'lg', sm: 'xl' }} aria-live="polite">
            {heading}
          </Title>
          {loading && <Loader size="xs" aria-label="Loading your schedule" />}
        </Group>
      </Group>
      <Group gap="sm" wrap="wrap">
        <Group gap={4} c="dimmed" wrap="nowrap">
          <IconWorld size={16} aria-hidden />
          <Text fz="sm" c="dimmed" aria-label={`Time zone ${timeZoneLabel}`}>
            {timeZoneLabel}
          </Text>
        </Group>
        <SegmentedChoice label="Calendar view" value={view} options={VIEWS} onChange={onViewChange} />
      </Group>
    </Group>
  );
}
