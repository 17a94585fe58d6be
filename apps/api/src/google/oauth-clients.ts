import fastifyOauth2, { type OAuth2Namespace } from '@fastify/oauth2';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.js';
import { googleEndpoints } from './endpoints.js';

declare module 'fastify' {
  interface FastifyInstance {
    googleSignIn?: OAuth2Namespace;
  }
}

export const GOOGLE_SIGN_IN_CALLBACK = '/api/auth/google/callback';

/**
 * Google sign-in: authorization code flow with state and PKCE (S256), asking only for who the person is.
 * Nothing is registered when no Google client is configured; the routes then say so.
 */
export async function registerGoogleOAuth(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const google = deps.config.google;
  if (!google) return;
  const endpoints = googleEndpoints(google);
  await app.register(fastifyOauth2, {
    name: 'googleSignIn',
    scope: ['openid', 'email', 'profile'],
    credentials: {
      client: { id: google.clientId, secret: google.clientSecret },
      auth: {
        authorizeHost: endpoints.authorizeHost,
        authorizePath: endpoints.authorizePath,
        tokenHost: endpoints.tokenHost,
        tokenPath: endpoints.tokenPath,
        revokePath: endpoints.revokePath,
      },
      options: { authorizationMethod: 'body' },
    },
    callbackUri: new URL(GOOGLE_SIGN_IN_CALLBACK, deps.config.appUrl).toString(),
    pkce: 'S256',
    cookie: { secure: deps.config.secureCookies, sameSite: 'lax', httpOnly: true, path: '/' },
  });
}
