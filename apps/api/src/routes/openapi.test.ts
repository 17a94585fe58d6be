import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { LightMyRequestResponse } from 'fastify';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TestClient, type AppUnderTest } from '../app.test-support.js';
import { GOOGLE_CALENDAR_CALLBACK, GOOGLE_SIGN_IN_CALLBACK } from '../google/oauth-clients.js';
import { MICROSOFT_CALENDAR_CALLBACK, MICROSOFT_SIGN_IN_CALLBACK } from '../microsoft/oauth-clients.js';
import { OIDC_SIGN_IN_CALLBACK } from '../oidc/oidc-client.js';
import { openApiPath } from './openapi.js';
import { restRoutes } from './rest-routes.js';

type JsonSchema = Record<string, unknown>;
interface OpenApiResponse {
  content?: Record<string, { schema: JsonSchema }>;
  $ref?: string;
}
interface OpenApiOperation {
  security?: Record<string, string[]>[];
  parameters: { name: string; in: string }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, OpenApiResponse>;
}
interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, Record<string, string>> };
}

/** Monday 23 November 2026, 06:00 UTC: the whole work day is still ahead. */
const NOW = new Date('2026-11-23T06:00:00Z');
const FEED = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Breaker test//EN', 'END:VCALENDAR', ''].join('\r\n');

describe('GET /api/openapi.json', () => {
  let subject: AppUnderTest;
  let document: OpenApiDocument;
  let feedServer: http.Server;
  let feedUrl: string;

  beforeAll(async () => {
    feedServer = http.createServer((_request, response) =>
      response.writeHead(200, { 'content-type': 'text/calendar' }).end(FEED),
    );
    await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
    feedUrl = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}/calendar.ics`;
    subject = await startTestApp('pglite', { env: { ALLOW_PRIVATE_FEEDS: 'true' }, now: () => NOW });
    const response = await subject.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    document = response.json<OpenApiDocument>();
  });
  afterAll(async () => {
    await subject?.close();
    await new Promise<void>((resolve) => feedServer.close(() => resolve()));
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document) as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('has every route of the REST table, with its method, path parameters, body and answer', () => {
    for (const route of restRoutes) {
      const operation = document.paths[openApiPath(route.url)]?.[String(route.method).toLowerCase()];
      const name = `${String(route.method)} ${route.url}`;
      expect(operation, name).toBeDefined();
      const names = [...route.url.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]);
      expect(
        operation!.parameters.map((p) => `${p.in}:${p.name}`),
        name,
      ).toEqual(names.map((n) => `path:${n}`));
      expect(operation!.requestBody !== undefined, name).toBe(route.body !== undefined);
      expect(operation!.security !== undefined, name).toBe(route.signedIn === true);
      expect(operation!.responses['4XX'], name).toEqual({ $ref: '#/components/responses/Error' });
    }
    const documented = Object.values(document.paths).reduce((count, methods) => count + Object.keys(methods).length, 0);
    expect(documented).toBe(restRoutes.length);
  });

  it('declares, for every route, what it answers: a JSON shape, a redirect, a calendar or nothing (204)', () => {
    for (const route of restRoutes) {
      const name = `${String(route.method)} ${route.url}`;
      // A route with path parameters declares their schema, which is what parses them.
      if (route.url.includes('/:')) expect(route.params, name).toBeDefined();
      const kinds = ['json', 'redirect', 'calendar', 'empty'].filter((kind) => kind in route.answer);
      expect(kinds, name).toHaveLength(1);
      if (route.method !== 'GET') {
        expect(['json', 'empty'], `${name} changes something, so it answers JSON or nothing`).toContain(kinds[0]);
      }
    }
  });

  it('names the session cookie as the security scheme, and the error shape { message }', () => {
    expect(document.components.securitySchemes['session']).toEqual({ type: 'apiKey', in: 'cookie', name: 'breaker_session' });
    expect(document.components.schemas['Error']).toMatchObject({
      required: ['message'],
      properties: { message: { type: 'string' } },
    });
  });

  it('describes the real answers of every route: each one validates against its documented schema', async () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    const checked = new Set<string>();
    const templates = restRoutes.map((route) => ({
      key: `${String(route.method)} ${route.url}`,
      method: String(route.method),
      pattern: new RegExp(`^${route.url.replace(/:([A-Za-z]+)/g, '[^/]+')}$`),
      path: openApiPath(route.url),
    }));

    /** The documented answer for this status, or the shared error for a 4xx/5xx. */
    function schemaFor(operation: OpenApiOperation, status: number): JsonSchema | undefined {
      const exact = operation.responses[String(status)];
      const range = operation.responses[`${String(status)[0]}XX`];
      const response = exact ?? range;
      if (!response) return undefined;
      if (response.$ref) return document.components.schemas['Error'];
      return response.content?.['application/json']?.schema;
    }

    function check(method: string, url: string, response: LightMyRequestResponse): LightMyRequestResponse {
      const path = url.split('?')[0]!;
      const template = templates.find((t) => t.method === method && t.pattern.test(path));
      expect(template, `${method} ${url} is in the REST table`).toBeDefined();
      const operation = document.paths[template!.path]![method.toLowerCase()]!;
      const documented = Object.keys(operation.responses).some(
        (code) => code === String(response.statusCode) || code === `${String(response.statusCode)[0]}XX`,
      );
      expect(documented, `${template!.key} answered ${response.statusCode}: ${response.body}`).toBe(true);
      const schema = schemaFor(operation, response.statusCode);
      if (schema) {
        const valid = ajv.validate(schema, response.json());
        expect(ajv.errors ?? [], `${template!.key} ${response.statusCode}: ${response.body}`).toEqual([]);
        expect(valid).toBe(true);
      } else if (response.statusCode === 303) {
        expect(response.headers['location'], template!.key).toBeTruthy();
      }
      checked.add(template!.key);
      return response;
    }

    const client = new TestClient(subject.app);
    const call = async (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
      check(method, url, await client.request(method, url, body));

    await call('POST', '/api/auth/register', { username: 'openapi', email: 'openapi@example.com', password: 'correct horse' });
    await call('POST', '/api/auth/login', { username: 'openapi', password: 'wrong horse' });
    const user = (await call('POST', '/api/auth/login', { username: 'openapi', password: 'correct horse' })).json<{
      user: { id: string };
    }>().user;
    await call('GET', '/api/auth/user');
    await call('GET', '/api/user/preferences');
    await call('PUT', '/api/user/preferences', {
      preferences: { timezone: 'UTC', workStartTime: '08:00', workEndTime: '17:00', breakFrequency: 3 },
    });
    await call('PUT', '/api/user/preferences', { preferences: { breakFrequency: 99 } });
    const activities = (await call('GET', '/api/break-activities')).json<{ id: string }[]>();
    await call('PUT', '/api/user/selected-activities', { selectedActivities: activities.slice(0, 3).map((a) => a.id) });
    await call('PUT', '/api/calendar/ics-feed', { url: feedUrl });
    await call('GET', '/api/calendar-events');
    await call('POST', `/api/calendar/sync/${user.id}`);
    await call('DELETE', '/api/calendar/ics-feed');
    await call('DELETE', '/api/calendar/ics-feed');
    await call('POST', `/api/refresh-breakers/${user.id}`);
    await call('POST', '/api/refresh-breakers/not-a-uuid');
    const breaks = (await call('GET', '/api/upcoming-breaks')).json<{ id: string }[]>();
    expect(breaks.length).toBeGreaterThan(1);
    await call('PATCH', `/api/break-sessions/${breaks[0]!.id}`, { skipped: true });
    await call('PATCH', `/api/break-sessions/${breaks[1]!.id}`, { skipped: false });
    await call('POST', `/api/break-sessions/${breaks[1]!.id}/later`);
    await call('DELETE', `/api/break-sessions/${breaks[1]!.id}`);
    const { url } = (await call('POST', '/api/calendar/breaks-feed')).json<{ url: string }>();
    const feed = await subject.app.inject({ method: 'GET', url: new URL(url).pathname });
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    checked.add(`GET ${restRoutes.find((route) => 'calendar' in route.answer)!.url}`);
    await call('DELETE', '/api/calendar/breaks-feed');
    await call('GET', new URL(url).pathname);
    for (const path of ['/api/login', '/api/auth/google', '/api/auth/google/calendar', GOOGLE_SIGN_IN_CALLBACK]) {
      await call('GET', path);
    }
    await call('GET', `${GOOGLE_CALENDAR_CALLBACK}?error=access_denied`);
    const microsoftAndOidc = [
      '/api/auth/microsoft',
      MICROSOFT_SIGN_IN_CALLBACK,
      '/api/auth/microsoft/calendar',
      MICROSOFT_CALENDAR_CALLBACK,
      '/api/auth/oidc',
      OIDC_SIGN_IN_CALLBACK,
    ];
    for (const path of microsoftAndOidc) await call('GET', path);
    await call('DELETE', '/api/calendar/microsoft');
    await call('DELETE', '/api/calendar/google');
    await call('GET', '/api/push/public-key');
    await call('POST', '/api/push/subscriptions', { endpoint: 'https://127.0.0.1/push', keys: { p256dh: 'x', auth: 'y' } });
    await call('GET', '/api/push/subscriptions');
    await call('DELETE', '/api/push/subscriptions', { endpoint: 'https://push.example.com/gone' });
    await call('POST', '/api/push/test');
    await call('PUT', '/api/calendar/caldav', { url: 'https://127.0.0.1/dav', username: 'ada', password: 'secret' });
    await call('GET', '/api/calendar/caldav/calendars');
    await call('PUT', '/api/calendar/caldav/calendars', { calendars: [] });
    await call('DELETE', '/api/calendar/caldav');
    await call('POST', '/api/auth/forgot-password', { email: 'openapi@example.com' });
    await call('POST', '/api/auth/reset-password', { token: 'not-a-token', newPassword: 'another horse' });
    await call('POST', '/api/auth/clear-sessions');
    await call('POST', '/api/auth/logout');
    await call('GET', '/api/logout');
    await call('GET', '/api/auth/user');

    expect([...checked].sort()).toEqual(restRoutes.map((route) => `${String(route.method)} ${route.url}`).sort());
  });

  it('is served to anyone without a session, and sets no cookie', async () => {
    const response = await subject.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(response.json()).toEqual(document);
  });
});

describe('GET /api/docs', () => {
  let subject: AppUnderTest;
  beforeAll(async () => {
    subject = await startTestApp('pglite');
  });
  afterAll(async () => subject?.close());

  it("is a page under the app's self-only policy that loads only this app's own files", async () => {
    const page = await subject.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("style-src 'self'");
    expect(policy).not.toContain('unsafe');
    const sources = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(sources.length).toBe(3);
    expect(page.body).not.toMatch(/<script>|<style>|style="/);
    for (const source of sources) {
      expect(source.startsWith('/api/docs/')).toBe(true);
      const asset = await subject.app.inject({ method: 'GET', url: source });
      expect(asset.statusCode, source).toBe(200);
      expect(asset.headers['content-type'], source).toMatch(/^text\/(css|javascript)/);
    }
    expect((await subject.app.inject({ method: 'GET', url: '/api/docs/package.json' })).statusCode).toBe(404);
    expect((await subject.app.inject({ method: 'GET', url: '/api/docs/constructor' })).statusCode).toBe(404);
  });
});
