import { emergencyLoginInput } from '@breaker/api-contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.js';
import { oauthConfig } from '../services/oauth-config.js';
import { signInAsTestUser, signInByEmail, signInForTestMode } from '../services/sign-in.js';
import { DEVELOPMENT_PROCEDURES } from '../trpc/router.js';
import type { ServedRoute } from './rest-routes.js';

/** The spec's development sign-ins and the OAuth diagnostics: they open accounts without a password or show setup. */
const developmentRoutes: ServedRoute[] = [
  {
    method: 'POST',
    url: '/api/auth/test-login',
    handle: async ({ deps, request, reply }) => signInAsTestUser(deps, request, reply),
  },
  {
    method: 'POST',
    url: '/api/debug/bypass-login',
    handle: async ({ deps, request, reply }) =>
      signInByEmail(deps, request, reply, emergencyLoginInput.parse(request.body).email),
  },
  {
    method: 'POST',
    url: '/api/debug/automated-test-login',
    handle: async ({ deps, request, reply }) => signInForTestMode(deps, request, reply),
  },
  { method: 'GET', url: '/api/debug/oauth-config', handle: async ({ deps }) => oauthConfig(deps) },
];

/**
 * Without ALLOW_DEV_LOGIN these routes do not exist: they answer 404 like any unknown path, before a body is read.
 * With it, one warning at start-up names every development route that is on.
 */
export function registerDevelopmentRoutes(app: FastifyInstance, deps: AppDeps): void {
  if (!deps.config.allowDevLogin) return;
  for (const route of developmentRoutes) {
    app.route({
      method: route.method,
      url: route.url,
      handler: (request, reply) => route.handle({ deps, request, reply }),
    });
  }
  const routes = [
    ...developmentRoutes.map((route) => `${route.method} ${route.url}`),
    ...DEVELOPMENT_PROCEDURES.map((path) => `tRPC ${path}`),
  ];
  deps.log.warn({ developmentRoutes: routes }, `ALLOW_DEV_LOGIN is on: development routes are served (${routes.join(', ')})`);
}
