import { SERVER_MESSAGES } from '@breaker/api-contract';
import { describe, expect, it } from 'vitest';
import { appForSuite, ORIGIN, TestClient } from '../app.test-support.js';
import { appRouter } from '../trpc/router.js';
import { restRoutes } from './rest-routes.js';

/** The calls of the spec (§7) only a signed-in person may make. */
const SIGNED_IN_CALLS = [
  'GET /api/auth/user',
  'GET /api/user/preferences',
  'PUT /api/user/preferences',
  'PUT /api/user/selected-activities',
  'GET /api/calendar-events',
  'GET /api/upcoming-breaks',
  'POST /api/calendar/sync/:userId',
  'POST /api/refresh-breakers/:userId',
  'PATCH /api/break-sessions/:id',
  'POST /api/break-sessions/:id/later',
  'DELETE /api/break-sessions/:id',
  'PUT /api/calendar/ics-feed',
  'DELETE /api/calendar/ics-feed',
  'POST /api/calendar/breaks-feed',
  'DELETE /api/calendar/breaks-feed',
  'POST /api/push/subscriptions',
  'DELETE /api/push/subscriptions',
  'GET /api/push/subscriptions',
  'POST /api/push/test',
  'DELETE /api/calendar/microsoft',
  'DELETE /api/calendar/google',
  'PUT /api/calendar/caldav',
  'DELETE /api/calendar/caldav',
  'GET /api/calendar/caldav/calendars',
  'PUT /api/calendar/caldav/calendars',
];

/** The tRPC procedures open to anyone: signing in and up, and what the sign-in page shows. */
const PUBLIC_PROCEDURES = new Set([
  'auth.user',
  'auth.login',
  'auth.register',
  'auth.logout',
  'auth.testLogin',
  'auth.automatedTestLogin',
  'auth.emergencyLogin',
  'auth.clearSessions',
  'auth.forgotPassword',
  'auth.resetPassword',
  'auth.capabilities',
  'auth.oauthConfig',
  'activities.list',
  'push.publicKey',
]);

/** Path parameters that fail their schema, and bodies that fail parsing, size or content type. */
const GARBAGE_PARAMS: Record<string, string> = { ':userId': 'not-a-uuid', ':id': '-1e999' };
const GARBAGE_BODIES: { name: string; payload?: string; contentType?: string }[] = [
  { name: 'no body' },
  { name: 'malformed JSON', payload: '{"preferences": ', contentType: 'application/json' },
  { name: 'wrong types', payload: '{"preferences":7,"url":[],"status":{},"activityIds":"x"}', contentType: 'application/json' },
  { name: 'a body over the size limit', payload: JSON.stringify({ url: 'x'.repeat(100_000) }), contentType: 'application/json' },
  { name: 'an unknown content type', payload: '\u0000\u0001', contentType: 'application/x-garbage' },
  { name: 'a form', payload: 'a=b', contentType: 'application/x-www-form-urlencoded' },
];

describe('a protected call made signed out', () => {
  const subject = appForSuite('pglite');

  it('is marked in the route table for exactly the calls that need a signed-in person', () => {
    const marked = restRoutes.filter((route) => route.signedIn).map((route) => `${route.method} ${route.url}`);
    expect(marked.sort()).toEqual([...SIGNED_IN_CALLS].sort());
  });

  it('PATCH /api/break-sessions/1 answers 401 before its body is looked at', async () => {
    const response = await new TestClient(subject.app).send(
      'PATCH',
      '/api/break-sessions/1',
      { origin: ORIGIN, 'content-type': 'application/json' },
      '{}',
    );
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: SERVER_MESSAGES.notSignedIn });
  });

  for (const call of SIGNED_IN_CALLS) {
    const [method, path] = call.split(' ') as ['GET', string];
    const url = path.replace(/:\w+/g, (name) => GARBAGE_PARAMS[name]!);
    it(`${call} answers 401 with a message, whatever the body and parameters`, async () => {
      for (const body of method === 'GET' ? [GARBAGE_BODIES[0]!] : GARBAGE_BODIES) {
        for (const cookie of [undefined, 'breaker_session=forged-or-expired']) {
          const response = await subject.app.inject({
            method,
            url,
            headers: {
              origin: ORIGIN,
              ...(cookie ? { cookie } : {}),
              ...(body.contentType ? { 'content-type': body.contentType } : {}),
            },
            ...(body.payload === undefined ? {} : { payload: body.payload }),
          });
          expect({ body: body.name, cookie, status: response.statusCode }).toEqual({ body: body.name, cookie, status: 401 });
          expect(response.json()).toEqual({ message: SERVER_MESSAGES.notSignedIn });
        }
      }
    });
  }

  const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>).filter(
    ([name]) => !PUBLIC_PROCEDURES.has(name),
  );

  it('covers every tRPC procedure that is not public', () => {
    expect(procedures.length).toBeGreaterThan(15);
  });

  for (const [name, procedure] of procedures) {
    it(`tRPC ${name} answers UNAUTHORIZED before its input is parsed`, async () => {
      const garbage = JSON.stringify({ id: 'x', userId: 42, preferences: 'z', url: [], from: {} });
      const response =
        procedure._def.type === 'query'
          ? await subject.app.inject({ method: 'GET', url: `/trpc/${name}?input=${encodeURIComponent(garbage)}` })
          : await subject.app.inject({
              method: 'POST',
              url: `/trpc/${name}`,
              headers: { origin: ORIGIN, 'content-type': 'application/json' },
              payload: garbage,
            });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({
        error: { message: SERVER_MESSAGES.notSignedIn, data: { code: 'UNAUTHORIZED' } },
      });
    });
  }
});
