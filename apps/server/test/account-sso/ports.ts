import { createServer } from 'node:net';

/**
 * A free port in 47200–47299 (the single sign-on tests' own range), searched from an offset
 * per project so that the PGlite and PostgreSQL runs of one file never reach for the same one.
 */
export async function ssoTestPort(taken: ReadonlySet<number> = new Set()): Promise<number> {
  const from = 47200 + (process.env.TEST_DB === 'postgres' ? 40 : 0);
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
