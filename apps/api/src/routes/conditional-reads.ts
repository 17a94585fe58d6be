import type { FastifyInstance, FastifyReply } from 'fastify';
import fresh from 'fresh';
import { hash } from 'node:crypto';
import { TRPC_ROUTE } from '../trpc/init.js';

/**
 * Signed-in reads answer with an ETag over their body and `Cache-Control: private, no-cache`, so the browser keeps
 * them, asks again each time (the web app re-reads its upcoming breaks and calendar events often) and gets a 304 with
 * no body when nothing changed. Hooked in where the answer is final, for the REST shims and tRPC queries alike:
 * - @fastify/etag is not used: it tags every answer of its scope, errors and mutations included, and skips tRPC's
 *   answers (a Fetch Response, not a string); `fresh` (Express's) does the If-None-Match comparison (lists, `*`, W/).
 * - only a request with a valid session: a signed-out one gets its 401 as before, and a 304 is never an answer to it.
 * - the ETag is weak: the same JSON goes out gzip, brotli or plain (routes/compression.ts runs after this hook).
 *   It is over the personal body only and sent only to its owner, who learns nothing from it they did not have.
 * - `Vary: Cookie`: an answer kept for one session is not revalidated as another's in the same browser.
 * - a route read by its private address (`readByPrivateAddress`: the breaks feed) is tagged for whoever reads it, so a
 *   calendar app polling it gets 304s; the address is its secret, as the session is the others'.
 * - an answer built from the user's plan alone (`answersFromPlan`: upcoming breaks, calendar events) carries the ETag
 *   the session's read derived from the plan (plan-tags.ts); a request that still matches it is answered 304 as soon
 *   as the session is known, before the answer is read.
 */
export function registerConditionalReads(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const etag = request.planEtag;
    if (etag === null || !fresh(request.headers, { etag })) return;
    // tRPC's answer varies on these (its Fetch Response says so); a 304 names what its 200 would (RFC 9110 §15.4.5).
    if (request.routeOptions.url === TRPC_ROUTE) reply.header('vary', 'trpc-accept, accept');
    tagAnswer(reply, etag);
    return reply.code(304).send();
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const readable = request.session !== null || request.routeOptions.config.readByPrivateAddress === true;
    if (request.method !== 'GET' || !readable || !isApiRoute(request.routeOptions.url)) return payload;
    if (reply.statusCode === 304) return payload;
    const body = await successfulBody(reply, payload);
    if (body === undefined) return payload;
    const etag = request.planEtag ?? `W/"${hash('sha1', body, 'base64url')}"`;
    tagAnswer(reply, etag);
    if (!fresh(request.headers, { etag })) return body;
    reply.code(304);
    return null;
  });
}

function tagAnswer(reply: FastifyReply, etag: string): void {
  reply
    .header('etag', etag)
    .header('cache-control', 'private, no-cache')
    .header('vary', withVary(reply.getHeader('vary'), 'cookie'));
}

/** A GET on the tRPC route is a query: tRPC refuses a mutation sent as GET. */
function isApiRoute(route: string | undefined): boolean {
  return route !== undefined && (route.startsWith('/api/') || route === TRPC_ROUTE);
}

/**
 * The text of a 200 answer, or undefined for anything else. tRPC hands Fastify a Fetch Response, whose status and
 * headers Fastify would copy only after the hooks: they are copied here once its body is read.
 */
async function successfulBody(reply: FastifyReply, payload: unknown): Promise<string | undefined> {
  if (reply.statusCode !== 200) return undefined;
  if (typeof payload === 'string') return payload;
  if (!(payload instanceof Response) || payload.status !== 200) return undefined;
  payload.headers.forEach((value, name) => void reply.header(name, value));
  return payload.text();
}

function withVary(current: ReturnType<FastifyReply['getHeader']>, name: string): string {
  const names = String(current ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  return names.some((part) => part.toLowerCase() === name) ? names.join(', ') : [...names, name].join(', ');
}
