import { lookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Outgoing calls to addresses a member chose (webhooks) must not reach the
 * console's own network: a target is judged by every address its host name
 * resolves to, and refused when any is private, loopback, link-local, CGNAT,
 * unique-local, multicast, unspecified, reserved or a cloud metadata address
 * (IPv4-mapped and NAT64 IPv6 judged as the IPv4 inside). The connection is
 * then made to the addresses judged (`pinnedLookup`), so a DNS answer that
 * changes between the check and the connect (rebinding) cannot slip through.
 */

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}
/** Every address of a host name (injectable: tests play a rebinding resolver). */
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: HostResolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // CGNAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, 169.254.169.254 metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128],
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique-local, fd00:ec2::254 metadata
  ['fe80::', 10], // link-local
  ['fec0::', 10], // old site-local
  ['ff00::', 8], // multicast
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/** The IPv4 address an IPv6 one carries (IPv4-mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96, IPv4-compatible), or null. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::|::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1]!;
  const hex = /^(?:::ffff:|64:ff9b::|::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return null;
  const hi = parseInt(hex[1]!, 16);
  const lo = parseInt(hex[2]!, 16);
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
}

/** Whether an address is one a webhook may not call (anything but a public unicast address). */
export function isInternalAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 0) return true; // not an address at all: refuse rather than guess
  if (family === 4) return blocked.check(bare, 'ipv4');
  const v4 = embeddedIpv4(bare);
  if (v4 !== null) return blocked.check(v4, 'ipv4');
  return blocked.check(bare, 'ipv6');
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
    if (opts.all) callback(null, usable.map((a) => ({ address: a.address, family: a.family })));
    else callback(null, usable[0]!.address, usable[0]!.family);
  }) as unknown as LookupFunction;
}
