import fc from 'fast-check';
import type { z } from 'zod';
import { ORIGIN } from '../app.test-support.js';
import { restRoutes } from '../routes/rest-routes.js';
import { appRouter } from '../trpc/router.js';
import { hostileJsonText, hostileValue, withHostileField, type KnownIds } from './hostile.js';
import { arbitraryFor } from './zod-arbitrary.js';

/** One HTTP request the fuzzer sends, and what it was aimed at (for the summary and failure reports). */
export interface FuzzRequest {
  target: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  headers: Record<string, string>;
  payload?: string;
  signedIn: boolean;
  /** A write whose Origin is not the app's own: it must never succeed. */
  crossSite: boolean;
}

/** What the fuzzer knows about the world it attacks: the other user's ids and the signed-in user's own. */
export interface FuzzWorld extends KnownIds {
  ownBreakIds: readonly string[];
}

interface Procedure {
  name: string;
  type: 'query' | 'mutation';
  input: z.ZodType | undefined;
}

/** Every tRPC procedure, read from the router itself: a new one is fuzzed without touching this file. */
export function trpcProcedures(): Procedure[] {
  const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: string; inputs: z.ZodType[] } }>;
  return Object.entries(procedures).map(([name, procedure]) => ({
    name,
    type: procedure._def.type === 'query' ? 'query' : 'mutation',
    input: procedure._def.inputs[0],
  }));
}

/**
 * REST bodies are drawn from the schemas the REST table declares, the procedures' input schemas and the objects nested
 * in them (the shims share these schemas), as well as from the hostile generators.
 */
function inputSchemas(): z.ZodType[] {
  const found = new Set<z.ZodType>();
  const visit = (schema: z.ZodType, depth: number): void => {
    found.add(schema);
    const shape = (schema as unknown as { _zod: { def: { shape?: Record<string, z.ZodType> } } })._zod.def.shape;
    if (shape && depth < 2) for (const field of Object.values(shape)) visit(field, depth + 1);
  };
  for (const procedure of trpcProcedures()) if (procedure.input) visit(procedure.input, 0);
  for (const route of restRoutes) if (route.body) visit(route.body, 0);
  return [...found];
}

type BaseRequest = Omit<FuzzRequest, 'signedIn' | 'crossSite'>;
const NO_HEADERS: Record<string, string> = {};
const JSON_HEADERS: Record<string, string> = { 'content-type': 'application/json' };

function json(value: unknown): string {
  return JSON.stringify(value) ?? 'null';
}

/** A body meant for `schema`: valid-looking, one field hostile, or hostile throughout. */
function inputFor(schema: z.ZodType | undefined, world: FuzzWorld): fc.Arbitrary<unknown> {
  const ids = [world.otherUserId, ...world.otherBreakIds, ...world.ownBreakIds];
  if (!schema) return fc.oneof(fc.constant(undefined), hostileValue(world));
  const valid = arbitraryFor(schema, ids);
  return fc.oneof(
    { weight: 5, arbitrary: valid },
    { weight: 3, arbitrary: valid.chain((value) => withHostileField(value, world)) },
    { weight: 1, arbitrary: hostileValue(world) },
  );
}

const originHeader = fc.oneof(
  { weight: 6, arbitrary: fc.constant<string | undefined>(ORIGIN) },
  {
    weight: 4,
    arbitrary: fc.constantFrom<string | undefined>(
      undefined,
      'https://evil.example',
      'null',
      `${ORIGIN}.evil.example`,
      'HTTP://LOCALHOST:3000',
    ),
  },
);

/** The same path as a browser or a proxy might spell it: encoded letters, doubled slashes, another case. */
function spellPath(path: string): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 5, arbitrary: fc.constant(path) },
    {
      weight: 4,
      // The first letters most often: the prefix is what the app's own checks look at.
      arbitrary: fc.oneof(fc.nat({ max: 5 }), fc.nat({ max: path.length - 1 })).map((index) => {
        const char = path[index]!;
        if (char === '/' || char === ':') return path;
        return `${path.slice(0, index)}%${char.charCodeAt(0).toString(16).padStart(2, '0')}${path.slice(index + 1)}`;
      }),
    },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        `/${path}`,
        `${path}/`,
        path.toUpperCase(),
        path.replace(/^\/(api|trpc)\//, '/$1/./'),
        path.replace(/^\/(api|trpc)\//, '/x/../$1/'),
        `${path}%00`,
        `${path};jsessionid=1`,
      ),
    },
  );
}

const contentType = fc.oneof(
  { weight: 10, arbitrary: fc.constant<string | undefined>('application/json') },
  {
    weight: 2,
    arbitrary: fc.constantFrom<string | undefined>(
      undefined,
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/json; charset=utf-16',
      'application/json; charset=latin1',
      'application/xml',
    ),
  },
);

/** Ids in a path: real ones (the other user's above all), random ones, and hostile path segments. */
function pathParam(world: FuzzWorld): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(world.otherUserId, ...world.otherBreakIds, ...world.ownBreakIds),
    fc.uuid(),
    fc.constantFrom('..', '%2e%2e', '%00', 'undefined', '0', '%ud800', '%F0%9F', 'a'.repeat(4000)),
    fc.string({ maxLength: 40 }).map(encodeURIComponent),
  );
}

function restRequest(world: FuzzWorld): fc.Arbitrary<BaseRequest> {
  const schemas = inputSchemas();
  const bodies = fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .constantFrom(...schemas)
        .chain((schema) => inputFor(schema, world))
        .map(json),
    },
    { weight: 2, arbitrary: hostileJsonText },
    { weight: 1, arbitrary: fc.constant<string | undefined>(undefined) },
  );
  return fc
    .record({
      route: fc.constantFrom(...restRoutes),
      param: pathParam(world),
      body: bodies,
      type: contentType,
      query: fc.oneof(fc.constant(''), fc.constantFrom('?code=x&state=y', '?error=access_denied', '?__proto__[a]=1', '?a=%00')),
    })
    .chain(({ route, param, body, type, query }) =>
      spellPath(route.url.replace(/:[a-zA-Z]+/g, param)).map((path) => {
        const method = (Array.isArray(route.method) ? route.method[0] : route.method) as FuzzRequest['method'];
        const hasBody = method !== 'GET' && body !== undefined;
        return {
          target: `${method} ${route.url}`,
          method,
          url: path + query,
          headers: hasBody && type ? { 'content-type': type } : NO_HEADERS,
          ...(hasBody ? { payload: body } : {}),
        };
      }),
    );
}

function trpcRequest(world: FuzzWorld): fc.Arbitrary<BaseRequest> {
  const procedures = trpcProcedures();
  const call = fc
    .constantFrom(...procedures)
    .chain((procedure) => inputFor(procedure.input, world).map((input) => ({ procedure, input })));
  const batch = fc.array(call, { minLength: 2, maxLength: 12 });
  const oversized = fc.record({ call, count: fc.integer({ min: 20, max: 600 }) });
  return fc.oneof(
    { weight: 8, arbitrary: call.chain((one) => trpcSingle(one.procedure, one.input)) },
    { weight: 2, arbitrary: batch.chain((calls) => trpcBatch(calls)) },
    {
      weight: 1,
      arbitrary: oversized.chain(({ call: one, count }) => trpcBatch(Array.from({ length: count }, () => one))),
    },
    {
      weight: 1,
      arbitrary: hostileJsonText.map((text) => ({
        target: 'trpc raw',
        method: 'POST' as const,
        url: '/trpc/auth.login',
        headers: JSON_HEADERS,
        payload: text,
      })),
    },
  );
}

function trpcSingle(procedure: Procedure, input: unknown): fc.Arbitrary<BaseRequest> {
  return spellPath(`/trpc/${procedure.name}`).map((path) => {
    const target = `trpc ${procedure.name}`;
    if (procedure.type === 'query') {
      const query = input === undefined ? '' : `?input=${encodeURIComponent(json(input))}`;
      return { target, method: 'GET', url: path + query, headers: NO_HEADERS };
    }
    return {
      target,
      method: 'POST',
      url: path,
      headers: JSON_HEADERS,
      ...(input === undefined ? {} : { payload: json(input) }),
    };
  });
}

function trpcBatch(calls: { procedure: Procedure; input: unknown }[]): fc.Arbitrary<BaseRequest> {
  const names = calls.map((call) => call.procedure.name).join(',');
  const inputs = Object.fromEntries(calls.map((call, index) => [String(index), call.input]));
  const mutation = calls.some((call) => call.procedure.type === 'mutation');
  return fc.constant<BaseRequest>({
    target: `trpc batch of ${calls.length}`,
    method: mutation ? 'POST' : 'GET',
    url: mutation ? `/trpc/${names}?batch=1` : `/trpc/${names}?batch=1&input=${encodeURIComponent(json(inputs))}`,
    headers: mutation ? JSON_HEADERS : NO_HEADERS,
    ...(mutation ? { payload: json(inputs) } : {}),
  });
}

/** Any request to the API: a REST route or tRPC call, signed in or out, from the app's page or elsewhere. */
export function fuzzRequest(world: FuzzWorld): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      base: fc.oneof({ weight: 1, arbitrary: restRequest(world) }, { weight: 1, arbitrary: trpcRequest(world) }),
      origin: originHeader,
      signedIn: fc.boolean(),
    })
    .map(({ base, origin, signedIn }) => ({
      ...base,
      headers: { ...base.headers, ...(origin === undefined ? {} : { origin }) },
      signedIn,
      crossSite: base.method !== 'GET' && origin !== ORIGIN,
    }));
}
