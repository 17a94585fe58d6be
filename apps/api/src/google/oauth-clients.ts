import type { OAuth2Namespace } from '@fastify/oauth2';
import type { FastifyInstance } from 'fastify';
import { registerOAuthFlows } from '../auth/oauth-clients.js';
import type { AppDeps } from '../deps.js';
import { googleEndpoints } from '@breaker/api-contract/config';

declare module 'fastify' {
  interface FastifyInstance {
    googleSignIn?: OAuth2Namespace;
    googleCalendar?: OAuth2Namespace;
  }
}

export const GOOGLE_SIGN_IN_CALLBACK = '/api/auth/google/callback';
export const GOOGLE_CALENDAR_CALLBACK = '/api/auth/google/calendar/callback';

/** Reads the primary calendar's events and lets Breaker write its own breaks back; no other calendars or settings. */
export const CALENDAR_EVENTS_SCOPE = 'https://www.googleapis.com/auth/calendar.events';

/** The narrowest scopes that do the job: `calendar.events`, and `email` to name the connected account. */
export const CALENDAR_SCOPES = ['openid', 'email', CALENDAR_EVENTS_SCOPE];

/**
 * Spec §1: signing in with Google also connects the calendar, in one consent: who the person is, and `calendar.events`.
 * Offline access brings the refresh token the calendar connection keeps.
 */
export const SIGN_IN_SCOPES = ['openid', 'email', 'profile', CALENDAR_EVENTS_SCOPE];

/**
 * Google sign-in and calendar connection: authorization code flow with state and PKCE (S256).
 * Nothing is registered when no Google client is configured; the routes then say so.
 */
export async function registerGoogleOAuth(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const google = deps.config.google;
  if (!google) return;
  const endpoints = googleEndpoints(google);
  await registerOAuthFlows(
    app,
    deps,
    {
      clientId: google.clientId,
      clientSecret: google.clientSecret,
      authorizeHost: endpoints.authorizeHost,
      authorizePath: endpoints.authorizePath,
      tokenHost: endpoints.tokenHost,
      tokenPath: endpoints.tokenPath,
      revokePath: endpoints.revokePath,
    },
    [
      {
        name: 'googleSignIn',
        scope: SIGN_IN_SCOPES,
        callbackPath: GOOGLE_SIGN_IN_CALLBACK,
        // No forced consent: Google shows it on the first sign-in (and grants the refresh token then), not on every one.
        callbackUriParams: { access_type: 'offline', include_granted_scopes: 'true' },
      },
      {
        // A password account connects its calendar here; forced consent brings a refresh token even after an earlier grant.
        name: 'googleCalendar',
        scope: CALENDAR_SCOPES,
        callbackPath: GOOGLE_CALENDAR_CALLBACK,
        callbackUriParams: { access_type: 'offline', include_granted_scopes: 'true', prompt: 'consent' },
        cookieNames: { state: 'oauth2-calendar-state', verifier: 'oauth2-calendar-verifier' },
      },
    ],
  );
}
