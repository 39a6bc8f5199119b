import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsole, type ConsoleServer } from './support/server';

/**
 * The `replay` command as a script runs it: a child process (the workspace's bin, as
 * `npx replay` finds it) against the real console on a free port. A person's token creates
 * an API key with the CLI; the CLI signs in with it (profile file 0600), creates an
 * instance, waits for it to run, lists it, uploads a source map to it, and terminates it.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(root, 'node_modules', '.bin', 'replay');
const config = mkdtempSync(join(tmpdir(), 'replay-cli-e2e-'));
let server: ConsoleServer;
let ownerToken = '';
let instanceId = '';
const stamp = Date.now();

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/** `replay …` with only the given credentials in its environment (and its own config folder). */
function replay(args: string[], env: Record<string, string> = {}): Promise<Ran> {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('REPLAY_')));
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { cwd: root, env: { ...clean, XDG_CONFIG_HOME: config, ...env }, timeout: 300_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? Number((error as { code?: unknown }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

/** Runs `replay … --json`, expects success and answers the one JSON document it printed. */
async function replayJson<T>(args: string[], env: Record<string, string> = {}): Promise<T> {
  const ran = await replay([...args, '--json'], env);
  expect(ran.code, `${args.join(' ')}: ${ran.stderr}`).toBe(0);
  return JSON.parse(ran.stdout) as T;
}

beforeAll(async () => {
  server = await startConsole();
  const res = await fetch(`${server.url}/api/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ fullname: 'Cleo Line', organizationName: 'Command Works', email: `cli-${stamp}@example.com`, password: 'Secret-pass1' }),
  });
  expect(res.status).toBe(201);
  ownerToken = ((await res.json()) as { data: { jwt: string } }).data.jwt;
}, 120_000);

afterAll(async () => {
  await server?.stop();
  server?.dispose();
  rmSync(config, { recursive: true, force: true });
});

describe('the replay CLI against a running console', () => {
  let secret = '';
  let keyId = '';

  it('a person creates an API key with the CLI; the secret is printed once', async () => {
    const created = await replayJson<{ key: { keyId: string; status: string; roleName: string }; secret: string }>(['keys', 'create', '--name', 'CLI e2e', '--role', 'Owner', '--expires', '1d'], {
      REPLAY_URL: server.url,
      REPLAY_API_KEY: ownerToken,
    });
    expect(created.key).toMatchObject({ status: 'active', roleName: 'Owner' });
    expect(created.secret).toMatch(/^rck_/);
    secret = created.secret;
    keyId = created.key.keyId;
  });

  it('signs in with the key: the profile file is readable by its owner only', async () => {
    const ran = await replay(['login', '--url', server.url, '--api-key', secret]);
    expect(ran.code, ran.stderr).toBe(0);
    const profile = join(config, 'replay', 'profile.json');
    expect(statSync(profile).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(profile, 'utf8'))).toEqual({ url: server.url, apiKey: secret });
  });

  it('creates an instance and waits for it to run', async () => {
    const created = await replayJson<{ instanceId: string; status: string }>(['instances', 'create', '--name', 'CLI box', '--url', `cli-${stamp}`]);
    instanceId = created.instanceId;
    const reached = await replayJson<{ status: string }>(['instances', 'wait', instanceId, '--status', 'running', '--timeout', '3m', '--interval', '1s']);
    expect(reached.status).toBe('running');
  });

  it('lists it, as a document for scripts and as a table for people', async () => {
    const list = await replayJson<{ instances: { instanceId: string; name: string; status: string }[]; total: number }>(['instances', 'list']);
    expect(list.instances).toEqual([expect.objectContaining({ instanceId, name: 'CLI box', status: 'running' })]);
    const table = await replay(['instances', 'list']);
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/CLI box.*running/);
  });

  it('uploads a source map to the running instance, which keeps it: listed by the CLI, a map that is not one refused (2)', async () => {
    const map = join(config, 'app.min.js.map');
    writeFileSync(map, JSON.stringify({ version: 3, sources: ['src/app.js'], names: [], mappings: 'AAAA', sourcesContent: ['throw new Error("x");'] }));
    const uploaded = await replayJson<{ sourceMaps: { fileUrl: string; release: string }[] }>([
      'sourcemaps',
      'upload',
      map,
      '--instance',
      instanceId,
      '--release',
      '1.0.0',
      '--url',
      'https://shop.example.com/assets/',
    ]);
    expect(uploaded.sourceMaps).toEqual([expect.objectContaining({ fileUrl: 'https://shop.example.com/assets/app.min.js', release: '1.0.0' })]);
    const listed = await replayJson<{ sourceMaps: { fileUrl: string }[] }>(['sourcemaps', 'list', '--instance', instanceId]);
    expect(listed.sourceMaps.map((m) => m.fileUrl)).toEqual(['https://shop.example.com/assets/app.min.js']);
    const notMap = join(config, 'broken.js.map');
    writeFileSync(notMap, '{"version":2}');
    const refused = await replay(['sourcemaps', 'upload', notMap, '--instance', instanceId, '--release', '1.0.0', '--url', 'https://shop.example.com/assets/broken.js']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('not a source map');
  });

  it('an API key may not manage keys: refused, exit code 3, the console saying why', async () => {
    const ran = await replay(['keys', 'list']);
    expect(ran.code).toBe(3);
    expect(ran.stderr).toContain('API keys cannot call this');
    expect(ran.stdout).toBe('');
  });

  it('an unknown instance is exit code 4', async () => {
    const ran = await replay(['instances', 'get', '00000000-0000-4000-8000-000000000000']);
    expect(ran.code).toBe(4);
  });

  it('terminates it and waits until it is gone', async () => {
    const terminating = await replayJson<{ instanceId: string }>(['instances', 'terminate', instanceId, '--yes']);
    expect(terminating.instanceId).toBe(instanceId);
    const reached = await replayJson<{ status: string }>(['instances', 'wait', instanceId, '--status', 'terminated', '--timeout', '3m', '--interval', '1s']);
    expect(reached.status).toBe('terminated');
  });

  it('exports the signed audit trail, which names what the key did, and proves the file complete and unchanged', async () => {
    const file = join(config, 'trail.jsonl');
    const exported = await replayJson<{ file: string; headSeq: number; keyId: string }>(['audit', 'export', '--output', file]);
    expect(exported.headSeq).toBeGreaterThan(0);
    const lines = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type?: string; action?: string; apiKeyId?: string | null });
    expect(lines.filter((l) => l.type === 'record')).toContainEqual(expect.objectContaining({ action: 'Create instance', apiKeyId: keyId }));
    const verified = await replay(['audit', 'verify', file]);
    expect(verified.code, verified.stdout).toBe(0);
    expect(verified.stdout).toContain('complete and unchanged');
    // One record changed in the file: named, exit 1.
    writeFileSync(file, readFileSync(file, 'utf8').replace('"Create instance"', '"Create nothing"'));
    const tampered = await replay(['audit', 'verify', file]);
    expect(tampered.code).toBe(1);
    expect(tampered.stdout).toMatch(/verification failed at record \d+/);
  });

  it('lists the members', async () => {
    const members = await replayJson<{ users: { email: string }[] }>(['members', 'list']);
    expect(members.users.map((u) => u.email)).toContain(`cli-${stamp}@example.com`);
  });
});
