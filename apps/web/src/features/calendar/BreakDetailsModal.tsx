import { breakStatus, type BreakSession } from '@breaker/api-contract';
import { Badge, Button, Group, List, Modal, Stack, Text, Title } from '@mantine/core';
import {
  IconBulb,
  IconCalendarTime,
  IconCheck,
  IconClock,
  IconPin,
  IconPlayerPlay,
  IconPlayerSkipForward,
  IconReplace,
} from '@tabler/icons-react';
import { formatDateTime } from '../../time/time-zone';
import { activityTypeLabel } from '../library/activity-type-label';
import type { useBreakActions } from './use-break-actions';

const STATUS_COLOR = { scheduled: 'violet', completed: 'green', skipped: 'yellow' } as const;
/** The spec's green, dark enough for white text to pass AA contrast (Mantine's greens do not). */
const COMPLETE_GREEN = '#2b7a3a';

interface BreakDetailsModalProps {
  session: BreakSession | undefined;
  timeZone: string;
  actions: ReturnType<typeof useBreakActions>;
  onClose: () => void;
}

export function BreakDetailsModal({ session, timeZone, actions, onClose }: BreakDetailsModalProps) {
  const status = session ? breakStatus(session) : 'scheduled';
  return (
    <Modal
      opened={session !== undefined}
      onClose={onClose}
      title={session?.activity.name}
      size="md"
      radius="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Close break details' }}
      styles={{ title: { fontSize: 'var(--mantine-font-size-xl)', fontWeight: 700 } }}
    >
      {session && (
        <Stack gap="md">
          <Group gap="xs">
            <Badge variant="light">{activityTypeLabel(session.activity.type)}</Badge>
            <Badge variant="light" color={STATUS_COLOR[status]}>
              {status}
            </Badge>
            <Text fz="sm" c="dimmed">
              {session.duration} {session.duration === 1 ? 'minute' : 'minutes'}
            </Text>
          </Group>
          <Group gap={6} c="dimmed" fz="sm">
            <IconClock size={16} aria-hidden />
            <Text span fz="sm">
              {formatDateTime(new Date(session.scheduledTime), timeZone)}
            </Text>
          </Group>
          {session.placementReason && (
            <Group gap={6} c="dimmed" fz="sm" wrap="nowrap" align="flex-start" data-testid="break-reason">
              <IconBulb size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
              <Text span fz="sm">
                <Text span fw={600} fz="sm">
                  Why here:
                </Text>{' '}
                {session.placementReason}
              </Text>
            </Group>
          )}
          {status === 'scheduled' && session.pinned && (
            <Group gap={6} c="dimmed" fz="sm" wrap="nowrap">
              <IconPin size={16} aria-hidden />
              <Text span fz="sm">
                Placed by you: Refresh Breakers keeps it
              </Text>
            </Group>
          )}
          <div>
            <Title order={3} fz="md" mb="xs">
              Instructions
            </Title>
            {session.activity.steps.length > 0 ? (
              <List type="ordered" spacing="xs">
                {session.activity.steps.map((step, index) => (
                  <List.Item key={index}>{step}</List.Item>
                ))}
              </List>
            ) : (
              <Text c="dimmed">Take a few minutes away from the screen.</Text>
            )}
          </div>
          {status === 'scheduled' && (
            <Group gap="sm">
              <Button variant="light" leftSection={<IconPlayerPlay size={18} />} onClick={() => actions.start(session)}>
                Start Break Session
              </Button>
              <Button variant="subtle" leftSection={<IconReplace size={18} />} onClick={() => actions.changeExercise(session)}>
                Change Exercise
              </Button>
              <Button variant="subtle" leftSection={<IconCalendarTime size={18} />} onClick={() => actions.reschedule(session)}>
                Reschedule
              </Button>
            </Group>
          )}
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              leftSection={<IconPlayerSkipForward size={18} />}
              disabled={status !== 'scheduled' || actions.pending}
              onClick={() => actions.skip(session.id)}
            >
              Skip
            </Button>
            <Button
              color={COMPLETE_GREEN}
              leftSection={<IconCheck size={18} />}
              disabled={status !== 'scheduled'}
              loading={actions.pending}
              onClick={() => actions.complete(session.id)}
            >
              Mark Complete
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
