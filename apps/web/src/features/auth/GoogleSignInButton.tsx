import { Button, Stack, Text, type ButtonProps } from '@mantine/core';
import { IconBrandGoogle } from '@tabler/icons-react';
import { useLocation } from '@tanstack/react-router';
import { useId } from 'react';
import { useCapabilities } from './use-capabilities';

export const GOOGLE_NOT_CONFIGURED = 'Google sign-in is not configured on this server. Use your username and password instead.';

/** The `error` the server adds when /api/auth/google had no Google client to send the browser to. */
const NOT_CONFIGURED_ERROR = 'google_not_configured';

type GoogleSignInButtonProps = Pick<ButtonProps, 'size' | 'variant' | 'fullWidth'>;

/**
 * 'Continue with Google': a browser navigation to /api/auth/google when the server has a Google client; otherwise
 * a disabled button that says why, rather than a link that can only bounce back.
 */
export function GoogleSignInButton(props: GoogleSignInButtonProps) {
  const { googleSignIn } = useCapabilities();
  const cameBackNotConfigured = useLocation({
    select: (location) => (location.search as Record<string, unknown>).error === NOT_CONFIGURED_ERROR,
  });
  const explanationId = useId();
  const explain = !googleSignIn || cameBackNotConfigured;
  const icon = <IconBrandGoogle size={18} aria-hidden />;

  return (
    <Stack gap={6} align="center" w={props.fullWidth ? '100%' : undefined}>
      {googleSignIn ? (
        <Button
          component="a"
          href="/api/auth/google"
          leftSection={icon}
          aria-describedby={explain ? explanationId : undefined}
          {...props}
        >
          Continue with Google
        </Button>
      ) : (
        <Button disabled leftSection={icon} aria-describedby={explanationId} {...props}>
          Continue with Google
        </Button>
      )}
      {explain && (
        <Text id={explanationId} fz="sm" c="dimmed" ta="center" maw={420}>
          {GOOGLE_NOT_CONFIGURED}
        </Text>
      )}
    </Stack>
  );
}
