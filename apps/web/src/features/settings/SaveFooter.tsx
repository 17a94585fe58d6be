import { Alert, Button, Group } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconDeviceFloppy } from '@tabler/icons-react';

interface SaveFooterProps {
  saved: boolean;
  successText: string;
  saveError: string | undefined;
  pending: boolean;
  label: string;
}

/** The end of a settings form: what the last save did, and the save button. */
export function SaveFooter({ saved, successText, saveError, pending, label }: SaveFooterProps) {
  return (
    <>
      {saved && (
        <Alert color="green" icon={<IconCircleCheck size={18} />} role="status">
          {successText}
        </Alert>
      )}
      {saveError && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {saveError}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button type="submit" leftSection={<IconDeviceFloppy size={18} />} disabled={pending}>
          {pending ? 'Saving...' : label}
        </Button>
      </Group>
    </>
  );
}
