import { isIP } from 'node:net';

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
