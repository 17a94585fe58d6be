import { Button, Group, Modal, Text, type ButtonProps } from '@mantine/core';
import { IconUnlink } from '@tabler/icons-react';
import { useState } from 'react';
import { useDisconnectFeed } from './use-calendar-feed';

/** 'Disconnect feed', confirmed in a dialog; the feed's meetings leave the calendar. */
export function DisconnectFeedButton(props: ButtonProps) {
  const [confirming, setConfirming] = useState(false);
  const disconnect = useDisconnectFeed(() => setConfirming(false));

  return (
    <>
      <Button
        variant="default"
        color="red"
        leftSection={<IconUnlink size={18} />}
        disabled={disconnect.isPending}
        onClick={() => setConfirming(true)}
        {...props}
      >
        {disconnect.isPending ? 'Disconnecting...' : 'Disconnect feed'}
      </Button>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Disconnect calendar feed?" radius="lg" centered>
        <Text fz="sm" mb="md">
          Breaker will stop reading your calendar feed and its meetings will be removed from your calendar.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button color="red" disabled={disconnect.isPending} onClick={() => disconnect.mutate()}>
            {disconnect.isPending ? 'Disconnecting...' : 'Disconnect'}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
