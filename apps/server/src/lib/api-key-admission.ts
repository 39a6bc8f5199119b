import { BlockList, isIP } from 'node:net';
import { API_KEY_MESSAGES } from '@replay/contracts';
import { forbidden, tooManyRequests } from './errors';
import type { ApiKeyOfCaller } from './principal';
import { MINUTE_MS } from './rate-limit';

/** The standard rate-limit headers of a key's answer (the IETF draft's RateLimit-Limit, -Remaining and -Reset). */
export type RateHeaders = Record<'ratelimit-limit' | 'ratelimit-remaining' | 'ratelimit-reset', string>;

/** An IPv4 address as an IPv6 socket reports it (::ffff:a.b.c.d) is judged as the IPv4 address. */
const plainAddress = (remote: string): string => /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(remote)?.[1] ?? remote;

/** Built once per list (the principal read hands over the same text each time; the cache keys on it). */
const lists = new Map<string, BlockList>();
function blockListOf(entries: string[]): BlockList {
  const cacheKey = entries.join(',');
  let list = lists.get(cacheKey);
  if (list) return list;
  list = new BlockList();
  for (const entry of entries) {
    const [address = '', bits] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  if (lists.size >= 1000) lists.delete(lists.keys().next().value!);
  lists.set(cacheKey, list);
  return list;
}

/** Whether a key may be used from this address: an empty list allows any. */
export function addressAllowed(key: ApiKeyOfCaller, remote: string): boolean {
  if (key.ipAccessList.length === 0) return true;
  const address = plainAddress(remote);
  const family = isIP(address);
  return family !== 0 && blockListOf(key.ipAccessList).check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/** Throws the 403 of a key used from outside its list. */
export function admitAddress(key: ApiKeyOfCaller, remote: string): void {
  if (!addressAllowed(key, remote)) throw forbidden(API_KEY_MESSAGES.addressRefused);
}

/**
 * Per-key request counting in fixed one-minute windows, in this process's memory. A
 * counter row in the database (as lib/rate-limit.ts keeps for attempts that cost work)
 * would put a write on every keyed request and serialize a key's concurrent calls on one
 * row; the limit is therefore per console process (decision row "API key rate limit").
 */
export function keyRateLimiter(limit: number, now: () => number) {
  const windows = new Map<string, { startedAt: number; count: number }>();
  return {
    /** Counts one request; the headers to send, or a 429 (with Retry-After and the same headers) when over the limit. */
    hit(keyId: string): RateHeaders {
      const at = now();
      let window = windows.get(keyId);
      if (!window || window.startedAt + MINUTE_MS <= at) {
        if (windows.size >= 10_000) windows.delete(windows.keys().next().value!);
        windows.set(keyId, (window = { startedAt: at, count: 0 }));
      }
      window.count += 1;
      const resetSeconds = Math.max(1, Math.ceil((window.startedAt + MINUTE_MS - at) / 1000));
      const headers: RateHeaders = {
        'ratelimit-limit': String(limit),
        'ratelimit-remaining': String(Math.max(0, limit - window.count)),
        'ratelimit-reset': String(resetSeconds),
      };
      if (window.count > limit) {
        const error = tooManyRequests(API_KEY_MESSAGES.rateLimited, resetSeconds);
        Object.assign(error.headers, headers);
        throw error;
      }
      return headers;
    },
  };
}
export type KeyRateLimiter = ReturnType<typeof keyRateLimiter>;

/** A use is written down when none is, when the last is a minute old, or from another address: not on every request. */
export function usageWorthRecording(key: ApiKeyOfCaller, address: string, at: number): boolean {
  return key.lastUsedAt === null || key.lastUsedAddress !== address || at - key.lastUsedAt >= MINUTE_MS;
}
