import { isTestMode } from '../../test-mode';
import { trpc } from '../../trpc';

export interface Capabilities {
  googleSignIn: boolean;
  microsoftSignIn: boolean;
  /** The single-sign-on button's label (the server's OIDC_NAME); null when no OpenID Connect provider is set up. */
  oidcSignIn: string | null;
  /** Password registration is open (the server's ALLOW_REGISTRATION). */
  registration: boolean;
  devLogin: boolean;
}

/** Until the server has said otherwise, offer nothing that might not work (registration is the spec's default). */
const NOTHING_EXTRA: Capabilities = {
  googleSignIn: false,
  microsoftSignIn: false,
  oidcSignIn: null,
  registration: true,
  devLogin: false,
};

export function useCapabilitiesQuery() {
  return trpc.auth.capabilities.useQuery();
}

/** What this server offers at sign-in: Google, Microsoft, single sign-on, registration, and the development sign-ins (ALLOW_DEV_LOGIN). */
export function useCapabilities(): Capabilities {
  return useCapabilitiesQuery().data ?? NOTHING_EXTRA;
}

/** `?test=true` means something only on a server that allows the development sign-ins. */
export function useTestModeActive(): boolean {
  const { devLogin } = useCapabilities();
  return isTestMode && devLogin;
}
