import { Button, Modal, type ButtonProps } from '@mantine/core';
import { IconRss } from '@tabler/icons-react';
import { useState } from 'react';
import { CalendarFeedForm } from './CalendarFeedForm';

/** 'Use a calendar feed': the feed form in a dialog, for the calendar screen's header. */
export function CalendarFeedButton(props: ButtonProps) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="subtle" leftSection={<IconRss size={18} />} onClick={() => setOpened(true)} {...props}>
        Use a calendar feed
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Connect a calendar feed" radius="lg" centered>
        <CalendarFeedForm autoFocus onConnected={() => setOpened(false)} />
      </Modal>
    </>
  );
}
