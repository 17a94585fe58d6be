import { Button, type ButtonProps } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useCapabilities } from './use-capabilities';

type OidcSignInButtonProps = Pick<ButtonProps, 'size' | 'variant' | 'fullWidth'>;

/**
 * Single sign-on through the server's OpenID Connect provider, labelled with its OIDC_NAME: a browser navigation to
 * /api/auth/oidc. Nothing at all on a server without a provider.
 */
export function OidcSignInButton(props: OidcSignInButtonProps) {
  const { oidcSignIn } = useCapabilities();
  if (!oidcSignIn) return null;
  return (
    <Button component="a" href="/api/auth/oidc" leftSection={<IconKey size={18} aria-hidden />} {...props}>
      {oidcSignIn}
    </Button>
  );
}
