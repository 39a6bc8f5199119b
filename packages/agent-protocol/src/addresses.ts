import { BlockList, isIP } from 'node:net';

/** An IPv4 or IPv6 address, or a CIDR range of one: what an instance's address allow-list holds. */
export function isIpOrRange(text: string): boolean {
  const slash = text.indexOf('/');
  const address = slash === -1 ? text : text.slice(0, slash);
  const family = isIP(address);
  if (family === 0) return false;
  if (slash === -1) return true;
  const bits = text.slice(slash + 1);
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/** How many entries an instance's network access list holds at most (the console's rule is the same). */
export const ACCESS_LIST_MAX = 100;

/** The address as one family: an IPv4-mapped IPv6 address (::ffff:203.0.113.7) is its IPv4 one. */
export function plainAddress(remote: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(remote);
  return mapped ? mapped[1]! : remote;
}

const familyOf = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

/**
 * The first entry of `entries` (addresses or CIDR ranges, checked by isIpOrRange) that holds
 * `address`, or null. One rule for the agent's gate, the Kubernetes driver's tester and the
 * console's warning, so the three never disagree. An address that is not one matches nothing.
 */
export function matchingEntry(entries: readonly string[], address: string): string | null {
  const plain = plainAddress(address);
  if (isIP(plain) === 0) return null;
  return entries.find((entry) => admitsAddress([entry])(plain)) ?? null;
}

/** One BlockList of every entry, for the check on every request (matchingEntry names the entry, for a tester). */
export function admitsAddress(entries: readonly string[]): (address: string) => boolean {
  const list = new BlockList();
  for (const entry of entries) {
    const [base = '', bits] = entry.split('/');
    if (bits === undefined) list.addAddress(base, familyOf(base));
    else list.addSubnet(base, Number(bits), familyOf(base));
  }
  return (address) => {
    const plain = plainAddress(address);
    const family = isIP(plain);
    return family !== 0 && list.check(plain, family === 6 ? 'ipv6' : 'ipv4');
  };
}
