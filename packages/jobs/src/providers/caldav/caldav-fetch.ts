import { AppError } from '@breaker/api-contract';
import { isIP } from 'node:net';
import { Agent, buildConnector, fetch as undiciFetch } from 'undici';
import { guardedLookup, isPublicAddress, PRIVATE_ADDRESS_CODE } from '../../net/public-address.js';

/** Every CalDAV request gives up after this long (connect, headers and body each). */
export const CALDAV_TIMEOUT_MS = 15_000;

/**
 * The most one CalDAV answer may hold: a year of a busy calendar is a few MB. A larger answer is refused with a
 * message before anything is stored, so the events read last time stay as they were.
 */
export const MAX_CALDAV_RESPONSE_BYTES = 32 * 1024 * 1024;
export const RESPONSE_TOO_LARGE = `The CalDAV server's answer is larger than ${MAX_CALDAV_RESPONSE_BYTES / 1024 / 1024} MB`;

export const PRIVATE_SERVER_REFUSED = 'CalDAV servers on private or local network addresses are not allowed';

/**
 * The connector checks the address the socket actually connected to (after DNS and for literal addresses alike, and
 * on every redirect hop), so a CalDAV URL cannot reach internal services unless ALLOW_PRIVATE_FEEDS is on.
 */
function guardedAgent(allowPrivate: boolean): Agent {
  const connect = buildConnector({ lookup: guardedLookup(allowPrivate), timeout: CALDAV_TIMEOUT_MS });
  return new Agent({
    headersTimeout: CALDAV_TIMEOUT_MS,
    bodyTimeout: CALDAV_TIMEOUT_MS,
    connect: (options, callback) => {
      // Sockets skip the lookup for literal addresses: those are refused before connecting.
      const literal = options.hostname.replace(/^\[|\]$/g, '');
      if (!allowPrivate && isIP(literal) && !isPublicAddress(literal)) return callback(privateRefused(), null);
      return connect(options, (error, socket) => {
        if (error) return callback(error, null);
        if (!allowPrivate && !isPublicAddress(socket.remoteAddress ?? '')) {
          socket.destroy();
          return callback(privateRefused(), null);
        }
        callback(null, socket);
      });
    },
  });
}

function privateRefused(): Error {
  return Object.assign(new Error(PRIVATE_SERVER_REFUSED), { code: PRIVATE_ADDRESS_CODE });
}

const agents = new Map<boolean, Agent>();

/** The body read up to `maxBytes`: refused from its Content-Length when it says, counted as it streams otherwise. */
async function capped(response: Response, maxBytes: number): Promise<Response> {
  const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', RESPONSE_TOO_LARGE);
  if (Number(response.headers.get('content-length') ?? 0) > maxBytes) {
    await response.body?.cancel();
    throw tooLarge();
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (response.body) {
    for await (const chunk of response.body) {
      size += chunk.byteLength;
      if (size > maxBytes) {
        await response.body.cancel().catch(() => undefined);
        throw tooLarge();
      }
      chunks.push(chunk);
    }
  }
  const body = [204, 304].includes(response.status) ? null : Buffer.concat(chunks);
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/**
 * A fetch for tsdav (it takes one per call) that only reaches addresses ALLOW_PRIVATE_FEEDS allows and reads at most
 * `maxBytes` of any answer.
 */
export function guardedFetch(allowPrivate: boolean, maxBytes = MAX_CALDAV_RESPONSE_BYTES): typeof fetch {
  let agent = agents.get(allowPrivate);
  if (!agent) {
    agent = guardedAgent(allowPrivate);
    agents.set(allowPrivate, agent);
  }
  const dispatcher = agent;
  return (async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    const response = await undiciFetch(input as Parameters<typeof undiciFetch>[0], {
      ...(init as Parameters<typeof undiciFetch>[1]),
      dispatcher,
    });
    return capped(response as unknown as Response, maxBytes);
  }) as unknown as typeof fetch;
}
