import type { BreakSession } from '@breaker/api-contract';
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlayerPlay } from '@tabler/icons-react';
import { startBreakSession } from '../break-session/session-request';

/** A reminder stays longer than an ordinary toast: it asks for something. */
const REMINDER_MS = 60_000;

/** The in-page reminder, when the browser may not show notifications. */
export function showReminderToast(session: BreakSession, time: string): void {
  const id = `reminder-${session.id}`;
  notifications.show({
    id,
    title: 'Time for a break',
    color: 'violet',
    autoClose: REMINDER_MS,
    closeButtonProps: { 'aria-label': 'Dismiss notification' },
    message: (
      <Group justify="space-between" gap="sm" wrap="nowrap">
        <Text fz="sm">
          {session.activity.name} at {time}, {session.duration} min.
        </Text>
        <Button
          size="xs"
          leftSection={<IconPlayerPlay size={14} />}
          onClick={() => {
            notifications.hide(id);
            startBreakSession(session);
          }}
        >
          Start
        </Button>
      </Group>
    ),
  });
}
