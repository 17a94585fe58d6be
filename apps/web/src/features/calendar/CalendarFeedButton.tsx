import { Button, type ButtonProps } from '@mantine/core';
import { IconRss } from '@tabler/icons-react';
import { laterModule } from '../../later/later-module';
import { useLater } from '../../later/use-later';

// The dialog, its form inputs and focus trap are fetched on the first press, not with the calendar.
const feedDialog = laterModule(() => import('./CalendarFeedDialog'), {
  title: 'Connection Error',
  message: 'The feed form could not be loaded. Please try again.',
});

/** 'Use a calendar feed': opens the feed form in a dialog. */
export function CalendarFeedButton(props: ButtonProps) {
  const { loaded, intent: opened, setIntent: setOpened, ask } = useLater(feedDialog, false);
  const CalendarFeedDialog = loaded?.CalendarFeedDialog;

  return (
    <>
      <Button variant="subtle" leftSection={<IconRss size={18} />} onClick={() => ask(true)} {...props}>
        Use a calendar feed
      </Button>
      {CalendarFeedDialog && <CalendarFeedDialog opened={opened} onClose={() => setOpened(false)} />}
    </>
  );
}
