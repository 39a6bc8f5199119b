import { createServer } from 'node:net';

/**
 * A free port in 47200–47299 (the single sign-on tests' own range), searched from an offset per
 * project and per worker: a port found free is bound only later (the console is built first), so
 * two files that probe the same port at once would both take it (EADDRINUSE). Each worker
 * (VITEST_POOL_ID, fixed for the worker's life) of each project starts in a block of its own.
 */
export async function ssoTestPort(taken: ReadonlySet<number> = new Set()): Promise<number> {
  const worker = (Number(process.env.VITEST_POOL_ID ?? 1) - 1) % 4;
  const from = 47200 + (process.env.TEST_DB === 'postgres' ? 50 : 0) + worker * 12;
  for (let port = from; port < 47300; port += 1) {
    if (taken.has(port)) continue;
    if (await bindable(port)) return port;
  }
  throw new Error('no free port in 47200–47299');
}

function bindable(port: number): Promise<boolean> {
  const probe = createServer();
  return new Promise((resolve) => {
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}
