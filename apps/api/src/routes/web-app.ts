import fastifyStatic from '@fastify/static';
import { SERVER_MESSAGES } from '@breaker/api-contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The placeholder the web build puts where each request's CSP nonce goes. */
const NONCE_PLACEHOLDER = '__CSP_NONCE__';

/** Paths that are never the web app's pages: unknown ones among them answer a JSON 404. */
const NOT_A_PAGE = /^\/(api|trpc|admin|metrics)(\/|$)/;

/**
 * Serves the built web app on the API's port: hashed assets cached for good, other files (the service worker, the
 * manifest, the icons) revalidated, and every other non-API GET answered with index.html (the client router takes it
 * from there).
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string): Promise<void> {
  const indexPath = join(webDistDir, 'index.html');
  const indexHtml = existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : undefined;
  if (indexHtml) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      index: false,
      wildcard: false,
      setHeaders(res, path) {
        // A file without a hash in its name is checked again on every use: above all the service worker (/sw.js),
        // so that a new version reaches the browser at once, and the manifest and icons it points at.
        res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    // The page is the one answer that runs scripts, so it alone gets a fresh nonce per request; any path the app's
    // own routes and files do not take lands here.
    app.get('/*', { helmet: { enableCSPNonces: true } }, (request, reply) =>
      NOT_A_PAGE.test(request.url) ? reply.callNotFound() : sendIndex(reply, indexHtml),
    );
  } else {
    app.log.warn({ webDistDir }, 'the web app is not built; only the API is served');
  }

  // A path no route takes is a 404 before its body is read: what a request sends to nothing is never parsed.
  app.addHook('onRequest', async (request, reply) => {
    if (request.is404) return reply.code(404).send({ message: SERVER_MESSAGES.notFound });
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: SERVER_MESSAGES.notFound }));
}

function sendIndex(reply: FastifyReply, html: string): FastifyReply {
  const nonces = reply.cspNonce;
  // Scripts and styles get the nonces helmet put into this response's CSP header.
  const page = html.replace(/<(script|style|link|meta)\b[^>]*>/g, (tag, name: string) =>
    tag.replaceAll(NONCE_PLACEHOLDER, name === 'script' ? nonces.script : nonces.style),
  );
  return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page);
}
