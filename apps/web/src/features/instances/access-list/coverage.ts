import ipaddr from 'ipaddr.js';

/**
 * Whether `address` is within any of `entries` (addresses or CIDR ranges), for the warning
 * before a save that would keep the member out. The instance decides by its own rule
 * (the agent's BlockList); this only warns, so an address it cannot read counts as covered.
 */
export function coversAddress(entries: readonly string[], address: string): boolean {
  if (!ipaddr.isValid(address)) return true;
  const parsed = ipaddr.process(address);
  return entries.some((entry) => {
    try {
      const [range, bits] = entry.includes('/') ? ipaddr.parseCIDR(entry) : [ipaddr.process(entry), null];
      if (range.kind() !== parsed.kind()) return false;
      return bits === null ? range.toNormalizedString() === parsed.toNormalizedString() : parsed.match(range, bits);
    } catch {
      return false;
    }
  });
}
