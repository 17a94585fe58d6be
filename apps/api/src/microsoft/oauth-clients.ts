import fastifyOauth2, { type OAuth2Namespace } from '@fastify/oauth2';
import { microsoftEndpoints } from '@breaker/api-contract/config';
import type { FastifyInstance } from 'fastify';
import { signInFlowCookie } from '../auth/cookies.js';
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
  const credentials = {
    client: { id: microsoft.clientId, secret: microsoft.clientSecret },
    auth: {
      authorizeHost: endpoints.loginOrigin,
      authorizePath: endpoints.authorizePath,
      tokenHost: endpoints.loginOrigin,
      tokenPath: endpoints.tokenPath,
    },
    options: { authorizationMethod: 'body' as const },
  };
  const cookie = signInFlowCookie(deps.config, '/');
  await app.register(fastifyOauth2, {
    name: 'microsoftSignIn',
    scope: MICROSOFT_SCOPES,
    credentials,
    callbackUri: new URL(MICROSOFT_SIGN_IN_CALLBACK, deps.config.appUrl).toString(),
    pkce: 'S256',
    cookie,
    redirectStateCookieName: 'oauth2-microsoft-state',
    verifierCookieName: 'oauth2-microsoft-verifier',
  });
  // A signed-in user connecting their calendar may pick another account than the one they are signed in with.
  await app.register(fastifyOauth2, {
    name: 'microsoftCalendar',
    scope: MICROSOFT_SCOPES,
    credentials,
    callbackUri: new URL(MICROSOFT_CALENDAR_CALLBACK, deps.config.appUrl).toString(),
    callbackUriParams: { prompt: 'select_account' },
    pkce: 'S256',
    cookie,
    redirectStateCookieName: 'oauth2-microsoft-calendar-state',
    verifierCookieName: 'oauth2-microsoft-calendar-verifier',
  });
}
