import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import { REQUEST_BODY_LIMIT_BYTES } from '@breaker/api-contract';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { registerJsonSecurityHeaders } from './routes/security-headers.js';
import { registerOriginCheck } from './auth/origin-check.js';
import { registerRequestSession, requireSignIn } from './auth/request-session.js';
import type { AppDeps } from './deps.js';
import { logRequestFailure, toHttpError } from './errors.js';
import { registerGoogleOAuth } from './google/oauth-clients.js';
import { registerOidcSignIn } from './oidc/oidc-client.js';
import { registerMicrosoftOAuth } from './microsoft/oauth-clients.js';
import { RequestLogController } from './logger.js';
import { registerOperatorPages } from './operators/index.js';
import { registerApiReference } from './routes/api-reference.js';
import { registerSignedOutBodyLimit } from './routes/body-limits.js';
import { registerCompression } from './routes/compression.js';
import { registerRequestPriority } from './routes/request-priority.js';
import { registerConditionalReads } from './routes/conditional-reads.js';
import { registerHealthRoutes } from './routes/health.js';
import { acceptEmptyJsonBodies } from './routes/json-body.js';
import { registerDevelopmentRoutes } from './routes/development-routes.js';
import { restRoutes } from './routes/rest-routes.js';
import { registerWebApp } from './routes/web-app.js';
import { registerTrpcRequestLimits } from './trpc/request-limits.js';
import { callsDeclaring, routerFor, type ServedRouter } from './trpc/router.js';

export interface BuildAppOptions {
  deps: Omit<AppDeps, 'log'>;
  logger: FastifyBaseLogger;
  webDistDir: string;
}

/** The JSON API: tRPC and the REST shims, health and sign-in redirects included. */
const API_PATH = /^\/(api|trpc)(\/|$)/;

/**
 * A JSON answer runs no script and loads nothing, so it needs no nonce (making one per request cost CPU on the busiest
 * routes). Pages, the web app's own and the operators' dashboard, keep the self-only policy below; the web app's page
 * adds fresh nonces to it (routes/web-app.ts).
 */
const JSON_ANSWER_POLICY = { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } };

/** Pages, the web app's own and the operators' dashboard, may load what the server itself serves, and nothing else. */
function pagePolicy(secureCookies: boolean) {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        // The web app's service worker (/sw.js) and manifest, named rather than left to the fallbacks.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: secureCookies ? [] : null,
      },
    },
    strictTransportSecurity: secureCookies,
  };
}

/** A hop count trusts that many proxies nearest to the server; Fastify takes it as a function. */
function trustProxySetting(value: string | boolean | number): string | boolean | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value;
}

/** The whole HTTP surface, without listening: tests drive it with `inject()` or a real port alike. */
export async function buildApp({ deps: baseDeps, logger, webDistDir }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: logger,
    genReqId: () => randomUUID(),
    logController: new RequestLogController(),
    trustProxy: trustProxySetting(baseDeps.config.trustProxy),
    bodyLimit: REQUEST_BODY_LIMIT_BYTES.signedIn,
    routerOptions: { maxParamLength: 5000 },
  });
  const deps: AppDeps = { ...baseDeps, log: app.log };
  registerRequestPriority(app, baseDeps.database.requestStarted);

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.setErrorHandler((error, request, reply) => {
    const http = toHttpError(error);
    logRequestFailure(request.log, error, http, reply.raw.destroyed);
    if (http.retryAfterSeconds) reply.header('retry-after', http.retryAfterSeconds);
    return reply.code(http.status).send({ message: http.message });
  });

  acceptEmptyJsonBodies(app);
  await app.register(fastifyCookie);
  const helmetOptions = pagePolicy(baseDeps.config.secureCookies);
  // Before helmet, so that its own onRoute hook reads the option this one sets.
  registerJsonSecurityHeaders(app, (url) => API_PATH.test(url), { ...helmetOptions, contentSecurityPolicy: JSON_ANSWER_POLICY });
  await app.register(fastifyHelmet, helmetOptions);
  registerOriginCheck(app, deps);
  registerTrpcRequestLimits(app);
  const served = routerFor(baseDeps.config);
  const callsReader = callsDeclaring(served, 'readsUpcomingBreaks', 'some');
  const callsPlanAnswers = callsDeclaring(served, 'answersFromPlan', 'every');
  registerRequestSession(app, deps, {
    readsUpcomingBreaks: (request) => request.routeOptions.config.readsUpcomingBreaks === true || callsReader(request),
    answersFromPlan: (request) =>
      request.method === 'GET' && (request.routeOptions.config.answersFromPlan === true || callsPlanAnswers(request)),
  });
  registerSignedOutBodyLimit(app);
  registerConditionalReads(app);
  await registerCompression(app, baseDeps.config);
  registerHealthRoutes(app, deps);
  await registerGoogleOAuth(app, deps);
  registerOidcSignIn(app, deps);
  await registerMicrosoftOAuth(app, deps);

  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: served,
      createContext: ({ req, res }) => ({ req, res, deps }),
    } satisfies FastifyTRPCPluginOptions<ServedRouter>['trpcOptions'],
  });

  for (const route of restRoutes) {
    app.route({
      method: route.method,
      url: route.url,
      ...(route.signedIn ? { onRequest: requireSignIn } : {}),
      config: {
        readsUpcomingBreaks: route.readsUpcomingBreaks === true,
        answersFromPlan: route.answersFromPlan === true,
        readByPrivateAddress: route.readByPrivateAddress === true,
      },
      handler: (request, reply) => route.handle({ deps, request, reply }),
    });
  }
  registerDevelopmentRoutes(app, deps);
  registerApiReference(app, deps);

  await registerOperatorPages(app, deps);
  await registerWebApp(app, webDistDir);
  return app;
}
