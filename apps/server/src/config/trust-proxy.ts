import { z } from 'zod';
import { isIpOrCidr } from '@replay/contracts';

/**
 * Which proxies the console believes about a client's address (X-Forwarded-For): none, the
 * nearest `hops` (the connection's peer and the hops − 1 addresses it appended), or only
 * connections from these addresses and ranges (and, through them, each further listed proxy).
 * Never "every hop": that takes the header's left-most entry, which the client writes itself.
 */
export type TrustProxy = false | { hops: number } | { addresses: string[] };

/** More proxies than this in front of one console is a mistake in the setting, not a deployment. */
export const MAX_TRUSTED_HOPS = 5;

const MESSAGE =
  'TRUST_PROXY is false, the number of proxies in front of the console (1 for one load balancer), or the addresses and CIDR ranges of those proxies separated by commas or spaces, like 10.0.0.10 or 10.0.0.0/24';

/**
 * TRUST_PROXY as the operator writes it. `true` (and `yes`) means one hop: it trusted every hop
 * before, letting any client choose its address by sending the header, and one balancer in front
 * is the deployment the documentation describes (deploy/haproxy/haproxy.cfg, the ingress).
 */
export const trustProxySetting = z
  .string()
  .default('false')
  .transform((text, ctx): TrustProxy => {
    const value = text.trim().toLowerCase();
    if (['', 'false', 'no', '0'].includes(value)) return false;
    if (['true', 'yes'].includes(value)) return { hops: 1 };
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops <= MAX_TRUSTED_HOPS) return { hops };
      ctx.addIssue({ code: 'custom', message: `TRUST_PROXY counts at most ${MAX_TRUSTED_HOPS} proxies; list their addresses instead` });
      return z.NEVER;
    }
    const addresses = value.split(/[\s,]+/).filter(Boolean);
    const wrong = addresses.filter((a) => !isIpOrCidr(a));
    if (wrong.length === 0) return { addresses };
    ctx.addIssue({ code: 'custom', message: `${MESSAGE} (not an address: ${wrong.join(', ')})` });
    return z.NEVER;
  });

/**
 * Fastify's `trustProxy` for the setting. A hop count is given as a function: Fastify (5.12)
 * reads a bare number as "trust no peer" (a count cannot check who the peer is), and the function
 * also lets X-Forwarded-Host and -Proto through, which this console never reads (the Host
 * allow-list reads the Host header itself). It is called with each address from the connection's
 * peer (hop 0) outwards; the first one it does not trust is the client.
 */
export function fastifyTrustProxy(setting: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (setting === false) return false;
  if ('addresses' in setting) return setting.addresses;
  const { hops } = setting;
  return (_address, hop) => hop < hops;
}
