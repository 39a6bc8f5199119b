/** Small concurrency tools (jobs, the workflow, drivers): no library needed for either. */

/** Runs `fn` over `items` with at most `limit` calls in flight; results in input order. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

/**
 * Calls with the same key run one after another, in call order; different
 * keys run side by side. A failed call does not stop the ones queued after
 * it, and a key's chain is forgotten once it is idle. The console's one
 * serial queue: the instance workflow keys it by instance.
 */
export function keyedSerial() {
  const tails = new Map<string, Promise<unknown>>();
  return function serial<T>(key: string, run: () => Promise<T>): Promise<T> {
    const next = (tails.get(key) ?? Promise.resolve()).then(run, run);
    const settled = next.catch(() => undefined);
    tails.set(key, settled);
    void settled.then(() => tails.get(key) === settled && tails.delete(key));
    return next;
  };
}
