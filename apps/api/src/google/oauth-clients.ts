import fastifyOauth2, { type OAuth2Namespace } from '@fastify/oauth2';
import type { FastifyInstance } from 'fastify';
import { signInFlowCookie } from '../auth/cookies.js';
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
  const credentials = {
    client: { id: google.clientId, secret: google.clientSecret },
    auth: {
      authorizeHost: endpoints.authorizeHost,
      authorizePath: endpoints.authorizePath,
      tokenHost: endpoints.tokenHost,
      tokenPath: endpoints.tokenPath,
      revokePath: endpoints.revokePath,
    },
    options: { authorizationMethod: 'body' as const },
  };
  const cookie = signInFlowCookie(deps.config, '/');
  await app.register(fastifyOauth2, {
    name: 'googleSignIn',
    scope: SIGN_IN_SCOPES,
    credentials,
    callbackUri: new URL(GOOGLE_SIGN_IN_CALLBACK, deps.config.appUrl).toString(),
    // No forced consent: Google shows it on the first sign-in (and grants the refresh token then), not on every one.
    callbackUriParams: { access_type: 'offline', include_granted_scopes: 'true' },
    pkce: 'S256',
    cookie,
  });
  // A password account connects its calendar here; forced consent brings a refresh token even after an earlier grant.
  await app.register(fastifyOauth2, {
    name: 'googleCalendar',
    scope: CALENDAR_SCOPES,
    credentials,
    callbackUri: new URL(GOOGLE_CALENDAR_CALLBACK, deps.config.appUrl).toString(),
    callbackUriParams: { access_type: 'offline', include_granted_scopes: 'true', prompt: 'consent' },
    pkce: 'S256',
    cookie,
    redirectStateCookieName: 'oauth2-calendar-state',
    verifierCookieName: 'oauth2-calendar-verifier',
  });
}
