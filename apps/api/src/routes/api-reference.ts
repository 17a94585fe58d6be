import { PRODUCT_NAME } from '@breaker/api-contract';
import type { FastifyInstance } from 'fastify';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { AppDeps } from '../deps.js';
import { OPENAPI_PATH, openApiDocument } from './openapi.js';
import { restRoutes } from './rest-routes.js';

export const API_DOCS_PATH = '/api/docs';

/**
 * Swagger UI starts from this file, not from an inline script, so the page keeps the app's self-only CSP. Only the
 * core layout: the standalone preset's top bar would let the page load any other document by URL.
 */
const START_SCRIPT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '${OPENAPI_PATH}',
    dom_id: '#reference',
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
    deepLinking: true,
    validatorUrl: null,
    withCredentials: true,
  });
});
`;

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${PRODUCT_NAME} API reference</title>
    <link rel="stylesheet" href="${API_DOCS_PATH}/swagger-ui.css" />
  </head>
  <body>
    <main id="reference"></main>
    <script src="${API_DOCS_PATH}/swagger-ui-bundle.js"></script>
    <script src="${API_DOCS_PATH}/start.js"></script>
  </body>
</html>
`;

interface Asset {
  type: string;
  body: string | Buffer;
}

/** Swagger UI's own built files (swagger-ui-dist), served from this app: the page loads nothing from elsewhere. */
function swaggerUiAssets(): Record<string, Asset> {
  const dist = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  return {
    'swagger-ui.css': { type: 'text/css; charset=utf-8', body: readFileSync(join(dist, 'swagger-ui.css')) },
    'swagger-ui-bundle.js': { type: 'text/javascript; charset=utf-8', body: readFileSync(join(dist, 'swagger-ui-bundle.js')) },
    'start.js': { type: 'text/javascript; charset=utf-8', body: START_SCRIPT },
  };
}

/**
 * `GET /api/openapi.json`, the OpenAPI document of the REST table, and `GET /api/docs`, a page rendering it. The page
 * is the one `/api` answer that is a page: it gets the web app's self-only policy instead of the JSON answers' `'none'`.
 */
export function registerApiReference(app: FastifyInstance, deps: AppDeps): void {
  const document = JSON.stringify(openApiDocument(restRoutes, deps.config));
  app.get(OPENAPI_PATH, (_request, reply) => reply.type('application/json; charset=utf-8').send(document));

  const assets = swaggerUiAssets();
  // Helmet's route options are merged over its global ones: an empty set of options means the global (page) policy.
  const pagePolicy = { helmet: { enableCSPNonces: false } };
  app.get(API_DOCS_PATH, pagePolicy, (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(PAGE),
  );
  app.get<{ Params: { file: string } }>(`${API_DOCS_PATH}/:file`, (request, reply) => {
    const asset = Object.hasOwn(assets, request.params.file) ? assets[request.params.file] : undefined;
    if (!asset) return reply.callNotFound();
    return reply.header('cache-control', 'public, max-age=3600').type(asset.type).send(asset.body);
  });
}
