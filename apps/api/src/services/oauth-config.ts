import type { AppDeps } from '../deps.js';
import { GOOGLE_CALENDAR_CALLBACK, GOOGLE_SIGN_IN_CALLBACK } from '../google/oauth-clients.js';

export interface OAuthConfigView {
  domain: string;
  loginCallback: string;
  calendarCallback: string;
  googleClientId: string | null;
  redirectUrisNeeded: string[];
}

/** The diagnostic view of spec §2: only what an administrator needs to register the OAuth client; never the secret. */
export function oauthConfig(deps: AppDeps): OAuthConfigView {
  const origin = deps.config.appUrl.origin;
  const loginCallback = `${origin}${GOOGLE_SIGN_IN_CALLBACK}`;
  const calendarCallback = `${origin}${GOOGLE_CALENDAR_CALLBACK}`;
  return {
    domain: deps.config.appUrl.host,
    loginCallback,
    calendarCallback,
    googleClientId: deps.config.google?.clientId ?? null,
    redirectUrisNeeded: [loginCallback, calendarCallback],
  };
}
