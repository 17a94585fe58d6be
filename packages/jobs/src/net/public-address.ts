import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * The one answer to "may Breaker connect there": calendar feeds and push endpoints reach only public unicast
 * addresses unless a test or intranet setting allows private ones.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === 'unicast';
}

/** The error a refused address raises through the socket. */
export const PRIVATE_ADDRESS_CODE = 'EPRIVATE';

/**
 * Resolves, then checks the very addresses the socket will connect to, so a URL cannot reach internal services, not
 * even through a DNS answer that changes between a check and the connection.
 */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const usable = allowPrivate ? addresses : addresses.filter((a) => isPublicAddress(a.address));
      const chosen = usable[0];
      if (!chosen) {
        return callback(Object.assign(new Error('private address refused'), { code: PRIVATE_ADDRESS_CODE }), '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, usable);
      return callback(null, chosen.address, chosen.family);
    });
  };
}

/** Sockets skip the lookup for literal addresses, so those are checked before connecting. */
export function isRefusedLiteral(url: URL, allowPrivate: boolean): boolean {
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  return !allowPrivate && isIP(literal) !== 0 && !isPublicAddress(literal);
}
