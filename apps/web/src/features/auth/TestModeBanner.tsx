import { Alert } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';

export function TestModeBanner() {
  return (
    <Alert color="yellow" radius={0} icon={<IconFlask size={18} />} title="Test mode" py="xs">
      Authentication is bypassed: you are using a test account.
    </Alert>
  );
}
