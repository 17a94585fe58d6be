import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { appRouter, callsDeclaring } from './router.js';

/** What the session hook sees of a request: its method, the route it matched and that route's path parameter. */
function matched(method: string, url: string, path?: string): FastifyRequest {
  return { method, routeOptions: { url }, params: path === undefined ? {} : { path } } as unknown as FastifyRequest;
}

describe('which tRPC requests read the upcoming breaks with the session', () => {
  const reads = callsDeclaring(appRouter, 'readsUpcomingBreaks', 'some');

  it('a query of a procedure that declares it, alone or anywhere in a batch', () => {
    expect(reads(matched('GET', '/trpc/:path', 'breaks.upcoming'))).toBe(true);
    expect(reads(matched('GET', '/trpc/:path', 'preferences.get,breaks.upcoming'))).toBe(true);
  });

  it('nothing else: other procedures, mutations, and routes that are not tRPC', () => {
    expect(reads(matched('GET', '/trpc/:path', 'calendar.events,preferences.get'))).toBe(false);
    expect(reads(matched('POST', '/trpc/:path', 'breaks.upcoming'))).toBe(false);
    expect(reads(matched('GET', '/api/upcoming-breaks'))).toBe(false);
  });
});

describe('which tRPC requests answer from the plan alone (their ETag derives from it)', () => {
  const fromPlan = callsDeclaring(appRouter, 'answersFromPlan', 'every');

  it('a batch whose every call declares it', () => {
    expect(fromPlan(matched('GET', '/trpc/:path', 'breaks.upcoming'))).toBe(true);
    expect(fromPlan(matched('GET', '/trpc/:path', 'breaks.upcoming,calendar.events'))).toBe(true);
  });

  it('not a batch with one call that does not', () => {
    expect(fromPlan(matched('GET', '/trpc/:path', 'breaks.upcoming,preferences.get'))).toBe(false);
    expect(fromPlan(matched('POST', '/trpc/:path', 'breaks.upcoming'))).toBe(false);
  });
});
