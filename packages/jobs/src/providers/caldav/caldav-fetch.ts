import { isIP } from 'node:net';
import { Agent, buildConnector, fetch as undiciFetch } from 'undici';
import { guardedLookup, isPublicAddress, PRIVATE_ADDRESS_CODE } from '../../net/public-address.js';

/** Every CalDAV request gives up after this long (connect, headers and body each). */
export const CALDAV_TIMEOUT_MS = 15_000;

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

/** A fetch for tsdav (it takes one per call) that only reaches addresses ALLOW_PRIVATE_FEEDS allows. */
export function guardedFetch(allowPrivate: boolean): typeof fetch {
  let agent = agents.get(allowPrivate);
  if (!agent) {
    agent = guardedAgent(allowPrivate);
    agents.set(allowPrivate, agent);
  }
  const dispatcher = agent;
  return ((input: Parameters<typeof fetch>[0], init?: RequestInit) =>
    undiciFetch(input as Parameters<typeof undiciFetch>[0], {
      ...(init as Parameters<typeof undiciFetch>[1]),
      dispatcher,
    })) as unknown as typeof fetch;
}
