import { isTestMode } from '../../test-mode';
import { trpc } from '../../trpc';

export interface Capabilities {
  googleSignIn: boolean;
  microsoftSignIn: boolean;
  devLogin: boolean;
}

/** Until the server has said otherwise, offer nothing that might not work. */
const NOTHING_EXTRA: Capabilities = { googleSignIn: false, microsoftSignIn: false, devLogin: false };

export function useCapabilitiesQuery() {
  return trpc.auth.capabilities.useQuery();
}

/** What this server offers at sign-in: Google, Microsoft, and the development sign-ins (ALLOW_DEV_LOGIN). */
export function useCapabilities(): Capabilities {
  return useCapabilitiesQuery().data ?? NOTHING_EXTRA;
}

/** `?test=true` means something only on a server that allows the development sign-ins. */
export function useTestModeActive(): boolean {
  const { devLogin } = useCapabilities();
  return isTestMode && devLogin;
}
