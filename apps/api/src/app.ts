import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { registerOriginCheck } from './auth/origin-check.js';
import { registerRequestSession } from './auth/request-session.js';
import type { AppDeps } from './deps.js';
import { toHttpError } from './errors.js';
import { registerGoogleOAuth } from './google/oauth-clients.js';
import { registerOperatorPages } from './operators/index.js';
import { registerHealthRoutes } from './routes/health.js';
import { restRoutes } from './routes/rest-routes.js';
import { registerWebApp } from './routes/web-app.js';
import { appRouter, type AppRouter } from './trpc/router.js';

export interface BuildAppOptions {
  deps: Omit<AppDeps, 'log'>;
  logger: FastifyBaseLogger;
  webDistDir: string;
}

/** The whole HTTP surface, without listening: tests drive it with `inject()` or a real port alike. */
/** A hop count trusts that many proxies nearest to the server; Fastify takes it as a function. */
function trustProxySetting(value: string | boolean | number): string | boolean | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value;
}

export async function buildApp({ deps: baseDeps, logger, webDistDir }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: logger,
    genReqId: () => randomUUID(),
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    trustProxy: trustProxySetting(baseDeps.config.trustProxy),
    bodyLimit: 64 * 1024,
    routerOptions: { maxParamLength: 5000 },
  });
  const deps: AppDeps = { ...baseDeps, log: app.log };

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.setErrorHandler((error, request, reply) => {
    const http = toHttpError(error);
    if (!http.expected) request.log.error({ err: error }, 'request failed');
    if (http.retryAfterSeconds) reply.header('retry-after', http.retryAfterSeconds);
    return reply.code(http.status).send({ message: http.message });
  });

  await app.register(fastifyCookie);
  await app.register(fastifyHelmet, {
    enableCSPNonces: true,
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: baseDeps.config.secureCookies ? [] : null,
      },
    },
    strictTransportSecurity: baseDeps.config.secureCookies,
  });
  registerOriginCheck(app, deps);
  registerRequestSession(app, deps);
  registerHealthRoutes(app, deps);
  await registerGoogleOAuth(app, deps);

  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: ({ req, res }) => ({ req, res, deps }),
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });

  for (const route of restRoutes) {
    app.route({
      method: route.method,
      url: route.url,
      handler: (request, reply) => route.handle({ deps, request, reply }),
    });
  }

  await registerOperatorPages(app, deps);
  await registerWebApp(app, webDistDir);
  return app;
}
