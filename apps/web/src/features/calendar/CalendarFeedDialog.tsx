import { Modal } from '@mantine/core';
import { CalendarFeedForm } from './CalendarFeedForm';

/** The feed form in a dialog, for the calendar screen's header. */
export function CalendarFeedDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Connect a calendar feed" radius="lg" centered>
      <CalendarFeedForm autoFocus onConnected={onClose} />
    </Modal>
  );
}
