import type { BreakSession } from '@breaker/api-contract';
import { Button, Group, Notification, Text } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import classes from './HeaderBell.module.css';

interface ReminderCardProps {
  session: BreakSession;
  time: string;
  onStart: () => void;
  onDismiss: () => void;
}

/**
 * The in-page reminder, when the browser may not show notifications. It stays until answered instead of queueing
 * with the toasts: it asks for something.
 */
export function ReminderCard({ session, time, onStart, onDismiss }: ReminderCardProps) {
  return (
    <div className={classes.reminder}>
      <Notification
        title="Time for a break"
        color="violet"
        withBorder
        onClose={onDismiss}
        closeButtonProps={{ 'aria-label': 'Dismiss reminder' }}
      >
        <Group justify="space-between" gap="sm" wrap="nowrap">
          <Text fz="sm">
            {session.activity.name} at {time}, {session.duration} min.
          </Text>
          <Button size="xs" flex="none" leftSection={<IconPlayerPlay size={14} />} onClick={onStart}>
            Start
          </Button>
        </Group>
      </Notification>
    </div>
  );
}
