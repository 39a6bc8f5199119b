/**
 * Host name and address patterns shared by the rules that name hosts (a webhook's endpoint,
 * the logger options' allowed domains and address ranges): one definition of each.
 */

/** A dotted IPv4 address, each part 0–255 without leading zeros. */
export const IPV4_PATTERN = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
/** One label of a host name, lower case: letters, digits and inner hyphens, 1–63 characters. */
export const HOST_LABEL_PATTERN = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
/** A top-level label that looks real: letters, or an IDN's punycode. */
export const TLD_PATTERN = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/** Whether a text is an IPv6 address (URL's parser judges it, in the browser as on the server). */
export function isIpv6(text: string): boolean {
  if (!text.includes(':') || /[[\]/%]/.test(text)) return false;
  try {
    return new URL(`http://[${text}]/`).hostname.length > 2;
  } catch {
    return false;
  }
}
