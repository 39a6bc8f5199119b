import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Instance } from '@replay/contracts';
import { startConsole, type ConsoleServer } from '../../../e2e/support/server';
import { LocalDriver } from '../src/infra/local-driver';
import { signupBody } from './support/auth';
import { until } from './instances/support';
import { consoleDatabase } from './support/database';

/**
 * The data folder holds the signing key, the embedded database, every
 * instance's secret and data: the real console process (as `npm start` runs
 * it) must leave nothing in it that another user of the machine can read or
 * write, and must close up a folder left open by an older version.
 */

const dataDir = mkdtempSync(join(tmpdir(), 'data-dir-test-'));
let server: ConsoleServer;
let instance: Instance;
/** On the PostgreSQL project the console uses a fresh database there; the data folder then holds the instances only. */
let database: { env: Record<string, string>; drop(): Promise<void> } = { env: {}, drop: async () => undefined };

async function call<T>(jwt: string | null, method: string, path: string, body?: object): Promise<T> {
  const res = await fetch(`${server.url}/api${path}`, {
    method,
    headers: { ...(jwt ? { authorization: `Bearer ${jwt}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return ((await res.json()) as { data: T }).data;
}

/** Every entry under `root` whose mode gives the group or others any right, as `path mode`. */
function openToOthers(root: string): string[] {
  const found: string[] = [];
  const walk = (path: string) => {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) return;
    if (stat.mode & 0o077) found.push(`${relative(root, path) || '.'} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
  };
  walk(root);
  return found;
}

beforeAll(async () => {
  // A folder as an older console left it: open to everyone, with readable files inside.
  chmodSync(dataDir, 0o755);
  mkdirSync(join(dataDir, 'old'), { mode: 0o755 });
  writeFileSync(join(dataDir, 'old', 'notes.txt'), 'kept', { mode: 0o666 });
  chmodSync(join(dataDir, 'old', 'notes.txt'), 0o666);
  expect(openToOthers(dataDir)).toHaveLength(3);

  database = await consoleDatabase('datadir');
  server = await startConsole({ dataDir, env: database.env });
  const { jwt } = await call<{ jwt: string }>(null, 'POST', '/signup', signupBody());
  const url = `perm-${randomBytes(4).toString('hex')}`;
  instance = await call<Instance>(jwt, 'POST', '/managed-saas/instances', { name: url, provider: 'aws', region: 'us-east-1', size: 'small', url });
  await until(
    () => call<Instance>(jwt, 'GET', `/managed-saas/instances/${instance.instanceId}`),
    (i) => i.status === 'running' && !i.inProgress,
    45_000,
    'instance running',
  );
}, 90_000);

afterAll(async () => {
  await server?.stop('SIGTERM');
  const driver = new LocalDriver({ root: join(dataDir, 'instances'), consoleOrigin: 'http://localhost' });
  for (const id of driver.folders.list()) await driver.terminate(id);
  rmSync(dataDir, { recursive: true, force: true });
  await database.drop();
}, 60_000);

describe('the data folder of a running console', () => {
  it('holds what the console and its agents wrote', () => {
    const expected = [
      join('instances', instance.instanceId, 'instance.json'),
      join('instances', instance.instanceId, 'agent.log'),
      join('instances', instance.instanceId, 'data'),
      ...(database.env.DATABASE_URL ? [] : ['console.lock', 'secrets.json', join('pg', 'PG_VERSION')]),
    ];
    expect(expected.filter((path) => !existsSync(join(dataDir, path)))).toEqual([]);
  });

  it('gives the group and others no right on anything: folder 0700, every file 0600, the old ones fixed too', () => {
    expect(openToOthers(dataDir)).toEqual([]);
    expect(lstatSync(dataDir).mode & 0o777).toBe(0o700);
    expect(lstatSync(join(dataDir, 'old', 'notes.txt')).mode & 0o777).toBe(0o600);
  });
});
