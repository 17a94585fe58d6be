import { AppError } from '@breaker/api-contract';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isPublicAddress } from '../net/public-address.js';

const PRIVATE_REFUSED = 'Push endpoints on private or local network addresses are not allowed';

/**
 * A push endpoint Breaker will send to: https on a public address (ALLOW_PRIVATE_PUSH_ENDPOINTS also allows http and
 * loopback or private ones). Checked when a browser subscribes, so a bad one is refused with a reason; every push
 * checks the address again on the socket it connects (push-sender.ts).
 */
export async function checkPushEndpoint(raw: string, allowPrivate: boolean): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AppError('BAD_REQUEST', 'The push endpoint must be a URL');
  }
  const protocols = allowPrivate ? ['https:', 'http:'] : ['https:'];
  if (!protocols.includes(url.protocol)) throw new AppError('BAD_REQUEST', 'A push endpoint must start with https://');
  if (url.username || url.password) throw new AppError('BAD_REQUEST', 'A push endpoint carries no user name or password');
  if (allowPrivate) return url;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0) {
    if (!isPublicAddress(host)) throw new AppError('BAD_REQUEST', PRIVATE_REFUSED);
    return url;
  }
  let addresses: { address: string }[];
  try {
    addresses = await lookup(host, { all: true });
  } catch {
    throw new AppError('BAD_REQUEST', 'The push service of that endpoint could not be found');
  }
  if (!addresses.some((entry) => isPublicAddress(entry.address))) throw new AppError('BAD_REQUEST', PRIVATE_REFUSED);
  return url;
}
