import type * as Resolver from './resolve.ts';

let loading: Promise<typeof Resolver> | null = null;

/**
 * The resolver (and @jridgewell/trace-mapping with it), loaded at the first upload or error read:
 * at start it would delay the first health check, which the driver waits on, by ~100 ms on a
 * busy host, as zod would (protocol.ts).
 */
export function sourceMapResolver(): Promise<typeof Resolver> {
  loading ??= import('./resolve.ts');
  return loading;
}
