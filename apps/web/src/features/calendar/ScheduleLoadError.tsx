import { Alert, Button, Group } from '@mantine/core';
import { errorMessage } from '../../errors';

/** The schedule could not be read: what went wrong, and a way to try again. */
export function ScheduleLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Alert color="red" title="Your schedule could not be loaded">
      <Group justify="space-between" gap="sm">
        {errorMessage(error, 'Please check your connection and try again.')}
        <Button size="xs" variant="white" color="red" onClick={onRetry}>
          Try again
        </Button>
      </Group>
    </Alert>
  );
}
