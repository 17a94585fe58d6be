import { Button, type ButtonProps } from '@mantine/core';
import { IconRss } from '@tabler/icons-react';
import { useState } from 'react';
import { deferredModule } from '../../deferred-module';
import { toastError } from '../../toast';

// The dialog, its form inputs and focus trap are fetched on the first press, not with the calendar.
const feedDialog = deferredModule(() => import('./CalendarFeedDialog'));

/** 'Use a calendar feed': opens the feed form in a dialog. */
export function CalendarFeedButton(props: ButtonProps) {
  const [opened, setOpened] = useState(false);
  const CalendarFeedDialog = feedDialog.useLoaded()?.CalendarFeedDialog;

  function open() {
    setOpened(true);
    feedDialog.request().catch(() => {
      setOpened(false);
      toastError({ title: 'Connection Error', message: 'The feed form could not be loaded. Please try again.' });
    });
  }

  return (
    <>
      <Button variant="subtle" leftSection={<IconRss size={18} />} onClick={open} {...props}>
        Use a calendar feed
      </Button>
      {CalendarFeedDialog && <CalendarFeedDialog opened={opened} onClose={() => setOpened(false)} />}
    </>
  );
}
