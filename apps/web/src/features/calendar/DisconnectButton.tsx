import { Button, type ButtonProps } from '@mantine/core';
import { IconUnlink } from '@tabler/icons-react';

interface DisconnectButtonProps extends ButtonProps {
  /** What the button says while nothing is happening: 'Disconnect Outlook', say. */
  label: string;
  pending: boolean;
  onClick: () => void;
}

/** The one look of every calendar's disconnect button: it says so, and cannot be pressed twice, while it works. */
export function DisconnectButton({ label, pending, onClick, ...props }: DisconnectButtonProps) {
  return (
    <Button variant="default" color="red" leftSection={<IconUnlink size={18} />} disabled={pending} onClick={onClick} {...props}>
      {pending ? 'Disconnecting...' : label}
    </Button>
  );
}
