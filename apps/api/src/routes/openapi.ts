import { errorAnswer, PRODUCT_NAME } from '@breaker/api-contract';
import { z, type ZodType } from 'zod';
import { sessionCookieName } from '../auth/cookies.js';
import type { Config } from '../env.js';
import type { RestRoute } from './rest-routes.js';

/**
 * The OpenAPI 3.1 document of the REST table, generated from the schemas each route declares beside its handler,
 * the very ones that validate its calls: one home, nothing to keep in step by hand. Zod's own `toJSONSchema` writes
 * JSON Schema 2020-12, the dialect of OpenAPI 3.1 (docs/decisions/011-openapi.md). The development sign-ins are never
 * in it: they exist only with ALLOW_DEV_LOGIN, and a published description of the API does not change with it.
 */

type JsonSchema = Record<string, unknown>;
type Operation = Record<string, unknown>;

export const OPENAPI_PATH = '/api/openapi.json';
export const SESSION_SCHEME = 'session';

/** A request takes the schema's input side (before trimming and normalising), an answer its output side. */
function jsonSchema(schema: ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, target: 'draft-2020-12', unrepresentable: 'any' });
  return rest;
}

/** `/api/calendar/sync/:userId` → `/api/calendar/sync/{userId}`. */
export function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z]+)/g, '{$1}');
}

function pathParameters(route: RestRoute): unknown[] {
  if (!route.params) return [];
  const properties = (jsonSchema(route.params, 'input')['properties'] ?? {}) as Record<string, JsonSchema>;
  return Object.entries(properties).map(([name, schema]) => ({ name, in: 'path', required: true, schema }));
}

function successResponses(route: RestRoute): Record<string, unknown> {
  const { answer } = route;
  if ('redirect' in answer) {
    return { '303': { description: 'A page of the web app', headers: { Location: { schema: { type: 'string' } } } } };
  }
  if ('empty' in answer) return { '204': { description: 'Done; no content' } };
  if ('calendar' in answer) {
    return {
      '200': { description: 'An iCalendar document', content: { 'text/calendar': { schema: { type: 'string' } } } },
      '304': { description: 'Unchanged since the ETag sent in If-None-Match' },
    };
  }
  const content = { 'application/json': { schema: jsonSchema(answer.json, 'output') } };
  return { [String(answer.status ?? 200)]: { description: 'Success', content } };
}

/** `POST /api/calendar/sync/:userId` → `postApiCalendarSyncUserId`. */
function operationId(route: RestRoute): string {
  const words = `${String(route.method).toLowerCase()} ${route.url}`.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return words.map((word, index) => (index === 0 ? word : word[0]!.toUpperCase() + word.slice(1))).join('');
}

function operation(route: RestRoute): Operation {
  return {
    summary: route.summary,
    operationId: operationId(route),
    ...(route.signedIn ? { security: [{ [SESSION_SCHEME]: [] }] } : {}),
    parameters: pathParameters(route),
    ...(route.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(route.body, 'input') } } } }
      : {}),
    responses: {
      ...successResponses(route),
      '4XX': { $ref: '#/components/responses/Error' },
      '5XX': { $ref: '#/components/responses/Error' },
    },
  };
}

export function openApiDocument(routes: readonly RestRoute[], config: Pick<Config, 'appUrl' | 'secureCookies'>) {
  const paths: Record<string, Record<string, Operation>> = {};
  for (const route of routes) {
    const path = openApiPath(route.url);
    paths[path] = { ...paths[path], [String(route.method).toLowerCase()]: operation(route) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: `${PRODUCT_NAME} API`,
      version: '1.0.0',
      description:
        'Every call answers JSON; a non-ok answer carries a human-readable `message`. State-changing calls from a ' +
        'foreign `Origin` are refused. Sign in with `POST /api/auth/login`: the answer sets the session cookie.',
    },
    servers: [{ url: config.appUrl.origin }],
    paths,
    components: {
      schemas: { Error: jsonSchema(errorAnswer, 'output') },
      responses: {
        Error: {
          description: 'The call was refused or failed',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      },
      securitySchemes: {
        [SESSION_SCHEME]: { type: 'apiKey', in: 'cookie', name: sessionCookieName(config) },
      },
    },
  };
}
