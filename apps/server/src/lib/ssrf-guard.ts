import { lookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Outgoing calls to addresses a member chose (webhooks) must not reach the
 * console's own network: a target is judged by every address its host name
 * resolves to, and refused when any is not public unicast (isInternalAddress:
 * private, loopback, link-local and cloud metadata, CGNAT, reserved, IPv6
 * transition prefixes...). The connection is then made to the addresses
 * judged (`pinnedLookup`), so a DNS answer that changes between the check
 * and the connect (rebinding) cannot slip through.
 */

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}
/** Every address of a host name (injectable: tests play a rebinding resolver). */
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: HostResolver = async (hostname) => (await lookup(hostname, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));

/** IANA's global unicast space: the only IPv6 addresses a public receiver can have (ipaddr.js calls unassigned space 'unicast' too). */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/**
 * Whether an address is one a webhook may not call: anything ipaddr.js (a maintained
 * table of the IANA special-purpose registries) does not call public unicast. So
 * private, loopback, link-local, CGNAT, unique-local, multicast, unspecified,
 * reserved, documentation, benchmarking, and every IPv6 transition prefix (NAT64
 * 64:ff9b::/96 and 64:ff9b:1::/48, 6to4 2002::/16, Teredo 2001::/32, IPv4-translated),
 * each of which can lead a packet into a private IPv4 network through a gateway.
 * An IPv4-mapped address (::ffff:a.b.c.d) is the IPv4 address itself to the socket,
 * so it is judged as that; an IPv6 address outside 2000::/3 is refused too.
 */
export function isInternalAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 0) return true; // not an address at all: refuse rather than guess
  // IPv6 text in the URL standard's canonical form first: ipaddr.js reads the IPv4-compatible
  // `::8.8.8.8` as IPv4-mapped, where the socket would take it as ::808:808.
  const parsed = ipaddr.process(family === 6 ? new URL(`http://[${bare}]/`).hostname.slice(1, -1) : bare);
  if (parsed.range() !== 'unicast') return true;
  return parsed instanceof ipaddr.IPv6 && !parsed.match(GLOBAL_UNICAST_V6);
}

export class TargetRefused extends Error {
  constructor(
    readonly reason: 'internal' | 'unresolvable',
    message: string,
  ) {
    super(message);
  }
}

/**
 * The addresses a URL's host stands for, all judged: refused (TargetRefused) when the
 * name does not resolve, or when any address is internal and private targets are not
 * allowed.
 */
export async function checkedTarget(url: URL, opts: { allowPrivate: boolean; resolve: HostResolver }): Promise<ResolvedAddress[]> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const literal = isIP(host);
  let addresses: ResolvedAddress[];
  if (literal !== 0) addresses = [{ address: host, family: literal === 6 ? 6 : 4 }];
  else {
    try {
      addresses = await opts.resolve(host);
    } catch {
      addresses = [];
    }
    if (addresses.length === 0) throw new TargetRefused('unresolvable', `${host} could not be resolved`);
  }
  if (!opts.allowPrivate) {
    const internal = addresses.find((a) => isInternalAddress(a.address));
    if (internal) throw new TargetRefused('internal', `${host} resolves to an internal address (${internal.address})`);
  }
  return addresses;
}

/** A `lookup` for net/tls.connect that answers only the addresses already judged, whatever DNS says now. */
export function pinnedLookup(addresses: readonly ResolvedAddress[]): LookupFunction {
  return ((_hostname: string, options: { all?: boolean; family?: number | string } | number, callback: (...args: unknown[]) => void) => {
    const opts = typeof options === 'object' ? options : { family: options };
    const family = opts.family === 6 || opts.family === 'IPv6' ? 6 : opts.family === 4 || opts.family === 'IPv4' ? 4 : 0;
    const usable = addresses.filter((a) => family === 0 || a.family === family);
    if (usable.length === 0) {
      callback(Object.assign(new Error('no checked address of that family'), { code: 'ENOTFOUND' }));
      return;
    }
    if (opts.all)
      callback(
        null,
        usable.map((a) => ({ address: a.address, family: a.family })),
      );
    else callback(null, usable[0]!.address, usable[0]!.family);
  }) as unknown as LookupFunction;
}
