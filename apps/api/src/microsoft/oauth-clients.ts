import type { OAuth2Namespace } from '@fastify/oauth2';
import { microsoftEndpoints } from '@breaker/api-contract/config';
import type { FastifyInstance } from 'fastify';
import { registerOAuthFlows } from '../auth/oauth-clients.js';
import type { AppDeps } from '../deps.js';

declare module 'fastify' {
  interface FastifyInstance {
    microsoftSignIn?: OAuth2Namespace;
    microsoftCalendar?: OAuth2Namespace;
  }
}

export const MICROSOFT_SIGN_IN_CALLBACK = '/api/auth/microsoft/callback';
export const MICROSOFT_CALENDAR_CALLBACK = '/api/auth/microsoft/calendar/callback';

/** Reads the user's calendar and lets Breaker write its own breaks back (Graph's delegated permission). */
export const CALENDAR_PERMISSION = 'Calendars.ReadWrite';

/**
 * Who the person is (`openid profile email`, with `User.Read` to read their profile), a refresh token
 * (`offline_access`), and the calendar: signing in also connects it in the same consent, as with Google.
 */
export const MICROSOFT_SCOPES = ['openid', 'profile', 'email', 'offline_access', 'User.Read', CALENDAR_PERMISSION];

/**
 * Microsoft sign-in and calendar connection: authorization code flow with state and PKCE (S256) against the
 * configured tenant's v2.0 endpoints. Nothing is registered when no Microsoft app is configured; the routes say so.
 */
export async function registerMicrosoftOAuth(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const microsoft = deps.config.microsoft;
  if (!microsoft) return;
  const endpoints = microsoftEndpoints(microsoft);
  await registerOAuthFlows(
    app,
    deps,
    {
      clientId: microsoft.clientId,
      clientSecret: microsoft.clientSecret,
      authorizeHost: endpoints.loginOrigin,
      authorizePath: endpoints.authorizePath,
      tokenHost: endpoints.loginOrigin,
      tokenPath: endpoints.tokenPath,
    },
    [
      {
        name: 'microsoftSignIn',
        scope: MICROSOFT_SCOPES,
        callbackPath: MICROSOFT_SIGN_IN_CALLBACK,
        cookieNames: { state: 'oauth2-microsoft-state', verifier: 'oauth2-microsoft-verifier' },
      },
      {
        // A signed-in user connecting their calendar may pick another account than the one they are signed in with.
        name: 'microsoftCalendar',
        scope: MICROSOFT_SCOPES,
        callbackPath: MICROSOFT_CALENDAR_CALLBACK,
        callbackUriParams: { prompt: 'select_account' },
        cookieNames: { state: 'oauth2-microsoft-calendar-state', verifier: 'oauth2-microsoft-calendar-verifier' },
      },
    ],
  );
}
