import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * ALLOW_PRIVATE_FEEDS: addresses a calendar URL (an ICS feed, a CalDAV server) may reach. Unless it is on, only public
 * unicast addresses, so a calendar URL cannot be used to reach internal services.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === 'unicast';
}

/**
 * Resolves, then checks the very addresses the socket will connect to, so a feed URL cannot reach internal
 * services, not even through a DNS answer that changes between check and connect.
 */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const usable = allowPrivate ? addresses : addresses.filter((a) => isPublicAddress(a.address));
      const chosen = usable[0];
      if (!chosen) {
        return callback(Object.assign(new Error('private address refused'), { code: 'EPRIVATE' }), '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, usable);
      return callback(null, chosen.address, chosen.family);
    });
  };
}
