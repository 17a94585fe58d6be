import { Button, type ButtonProps } from '@mantine/core';
import { IconBrandWindows } from '@tabler/icons-react';
import { useCapabilities } from './use-capabilities';

/** 'Sign in with Microsoft': a browser navigation to /api/auth/microsoft, offered only when the server has a Microsoft app. */
export function MicrosoftSignInButton(props: Pick<ButtonProps, 'size' | 'variant' | 'fullWidth'>) {
  const { microsoftSignIn } = useCapabilities();
  if (!microsoftSignIn) return null;
  return (
    <Button component="a" href="/api/auth/microsoft" leftSection={<IconBrandWindows size={18} aria-hidden />} {...props}>
      Sign in with Microsoft
    </Button>
  );
}
