import { Button } from '@mantine/core';
import { IconRotateClockwise } from '@tabler/icons-react';

/** 'Reconnect': asks the account's consent again, for a grant that expired or was withdrawn. */
export function ReconnectCalendarButton({ provider }: { provider: 'google' | 'microsoft' }) {
  return (
    <Button
      component="a"
      href={`/api/auth/${provider}/calendar`}
      variant="default"
      leftSection={<IconRotateClockwise size={18} />}
    >
      Reconnect
    </Button>
  );
}
