import { Button, Group, Modal, Text } from '@mantine/core';

interface DisconnectFeedDialogProps {
  opened: boolean;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Asks before the feed's meetings leave the calendar. */
export function DisconnectFeedDialog({ opened, pending, onCancel, onConfirm }: DisconnectFeedDialogProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title="Disconnect calendar feed?" radius="lg" centered>
      <Text fz="sm" mb="md">
        Breaker will stop reading your calendar feed and its meetings will be removed from your calendar.
      </Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button color="red" disabled={pending} onClick={onConfirm}>
          {pending ? 'Disconnecting...' : 'Disconnect'}
        </Button>
      </Group>
    </Modal>
  );
}
