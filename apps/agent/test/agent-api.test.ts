import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentHeapLimitMib } from '@replay/agent-protocol';
import { CONSOLE_ORIGIN, admin, cleanUp, consoleToken, sendEvents, stats as statsOf, startAgentProcess, type RunningAgent } from './support.ts';

let agent: RunningAgent;
beforeAll(async () => {
  // The heap limit a driver starts a small instance's agent with (its 8 GB at the protocol's scale).
  agent = await startAgentProcess({ diskGb: 1, env: { NODE_OPTIONS: `--max-old-space-size=${agentHeapLimitMib(8)}` } });
});
afterAll(async () => {
  await agent.stop();
  await cleanUp();
});

const stats = () => statsOf(agent);
const MIB = 1024 * 1024;
const today = () => new Date().toISOString().slice(0, 10);
/** The sizes of the files under a folder, read here rather than by the agent's own walk. */
const bytesOnDisk = (dir: string): number =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .reduce((sum, e) => sum + statSync(join(e.parentPath, e.name)).size, 0);

describe('stats', () => {
  it('reports cpu, memory and disk of its own process and data folder as percentages', async () => {
    const s = await stats();
    expect(s.cpu.percent).toBeGreaterThanOrEqual(0);
    expect(s.cpu.percent).toBeLessThanOrEqual(100);
    expect(s.cpu.vcpu).toBe(2);
    expect(s.memory.usedBytes).toBeGreaterThan(1024 * 1024);
    // Against the heap limit the process really has: the old space it was given, and V8's young space beside it.
    expect(s.memory.totalBytes).toBeGreaterThanOrEqual(agentHeapLimitMib(8) * MIB);
    expect(s.memory.totalBytes).toBeLessThan((agentHeapLimitMib(8) + 64) * MIB);
    expect(s.memory.percent).toBeCloseTo((s.memory.usedBytes / s.memory.totalBytes) * 100, 1);
    expect(s.disk.totalBytes).toBe(1024 ** 3);
    expect(s.disk.usedBytes).toBeGreaterThan(0);
  });

  it('answers only the console: 401 without its admin token, or with a token of another scope', async () => {
    const none = await fetch(`${agent.url}/api/stats`);
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({ errors: ['A valid admin token is required'] });
    const withLogin = await fetch(`${agent.url}/api/stats`, { headers: { Authorization: `Bearer ${consoleToken(agent, 'login')}` } });
    expect(withLogin.status).toBe(401);
    const withProjectKey = await fetch(`${agent.url}/api/stats`, { headers: { Authorization: `Bearer ${agent.projectKey}` } });
    expect(withProjectKey.status).toBe(401);
  });

  it('counts what ingest writes, byte for byte (its chunk and its index), without walking the data folder per read', async () => {
    const before = (await stats()).disk.usedBytes;
    expect(
      (
        await sendEvents(agent, 'counted', [
          { type: 3, timestamp: 1, data: { source: 2, type: 2, id: 1, x: 1 } },
          { type: 3, timestamp: 2, data: { source: 5, id: 2, text: 'é', isChecked: false } },
        ])
      ).status,
    ).toBe(202);
    const file = join(agent.dataDir, 'sessions', today(), 'counted.jsonl');
    expect((await stats()).disk.usedBytes).toBeGreaterThanOrEqual(before + statSync(file).size);
    expect((await stats()).disk.usedBytes).toBe(bytesOnDisk(agent.dataDir));
    // A file put in the data folder behind the agent's back is not seen by a read...
    writeFileSync(join(agent.dataDir, 'behind-its-back.bin'), Buffer.alloc(50_000));
    expect((await stats()).disk.usedBytes).toBe(bytesOnDisk(agent.dataDir) - 50_000);
    // ...only once something that changes the folder on its own (a cleanup) counts it again.
    expect((await admin(agent, '/api/admin/cleanup', { days: 3650 })).status).toBe(200);
    expect((await stats()).disk.usedBytes).toBe(bytesOnDisk(agent.dataDir));
    rmSync(join(agent.dataDir, 'behind-its-back.bin'));
    await admin(agent, '/api/admin/cleanup', { days: 3650 });
    expect((await stats()).disk.usedBytes).toBe(bytesOnDisk(agent.dataDir));
  });
});

describe('event ingest', () => {
  it('appends events as JSON lines under sessions/<day>, growing disk use', async () => {
    const before = (await stats()).disk.usedBytes;
    const events = Array.from({ length: 200 }, (_, i) => ({ type: 3, timestamp: i, data: { source: 2, type: 2, id: 1, x: i, y: i, payload: 'x'.repeat(100) } }));
    const res = await sendEvents(agent, 'session-1', events);
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ accepted: 200, captured: true });
    const file = join(agent.dataDir, 'sessions', today(), 'session-1.jsonl');
    // The batch's head (when it came, and what with), then its events.
    const [head, ...lines] = readFileSync(file, 'utf8').trim().split('\n');
    expect(JSON.parse(head!)).toMatchObject({ type: 'replay.batch', projectId: null, userId: null });
    expect(lines).toHaveLength(200);
    expect((await stats()).disk.usedBytes).toBeGreaterThan(before + 200 * 100);
  });

  it('refuses a stranger: no project key or a wrong one is 401, and nothing is written', async () => {
    const before = (await stats()).disk.usedBytes;
    const attempts = [
      await sendEvents(agent, 'stranger', [{ type: 3, timestamp: 1, data: { source: 2, type: 2, id: 1 } }], { Authorization: '' }),
      await sendEvents(agent, 'stranger', [{ type: 3, timestamp: 1, data: { source: 2, type: 2, id: 1 } }], { Authorization: 'Bearer not-the-project-key' }),
      await sendEvents(agent, 'stranger', [{ type: 3, timestamp: 1, data: { source: 2, type: 2, id: 1 } }], { Authorization: `Bearer ${agent.projectKey}x` }),
      await sendEvents(agent, 'stranger', [{ type: 3, timestamp: 1, data: { source: 2, type: 2, id: 1 } }], { Authorization: `Bearer ${consoleToken(agent, 'admin')}` }),
      await sendEvents(agent, 'stranger', [{ type: 3, timestamp: 1, data: { source: 2, type: 2, id: 1 } }], { Authorization: agent.projectKey }),
    ];
    expect(attempts.map((r) => r.status)).toEqual([401, 401, 401, 401, 401]);
    expect((await attempts[0]!.json()).errors[0]).toBe('A valid project key is required: send Authorization: Bearer <project key>');
    expect(existsSync(join(agent.dataDir, 'sessions', today(), 'stranger.jsonl'))).toBe(false);
    expect((await stats()).disk.usedBytes).toBe(before);
  });

  it('takes gzip bodies and refuses bad ones', async () => {
    const body = gzipSync(JSON.stringify({ sessionId: 'zipped', events: [{ type: 3, timestamp: 1, data: { source: 5, id: 1, text: '', isChecked: false } }] }));
    const headers = { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip', Authorization: `Bearer ${agent.projectKey}` };
    const zipped = await fetch(`${agent.url}/api/events`, { method: 'POST', headers, body });
    expect(zipped.status).toBe(202);
    expect((await fetch(`${agent.url}/api/events`, { method: 'POST', headers, body: 'not gzip' })).status).toBe(400);
    expect((await sendEvents(agent, '../escape', [{ type: 3, timestamp: 1 }])).status).toBe(400);
    expect((await sendEvents(agent, 's', [])).status).toBe(400);
    const extra = await fetch(`${agent.url}/api/events`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${agent.projectKey}` },
      body: JSON.stringify({ sessionId: 's', events: [{ type: 3, timestamp: 1, data: { source: 2, type: 2, id: 1 } }], x: 1 }),
    });
    expect(extra.status).toBe(400);
  });

  it('refuses a body over 1 MiB with 413, as sent or once unpacked, and writes nothing', async () => {
    const before = (await stats()).disk.usedBytes;
    const large = await sendEvents(agent, 'too-large', [{ type: 5, timestamp: 1, data: { tag: 'b', payload: 'x'.repeat(1024 * 1024) } }]);
    expect(large.status).toBe(413);
    // A gzip body of a few kilobytes that unpacks to 5 MiB.
    const bomb = gzipSync(JSON.stringify({ sessionId: 'too-large', events: [{ type: 5, timestamp: 1, data: { tag: 'blob', payload: 'x'.repeat(5 * 1024 * 1024) } }] }));
    expect(bomb.length).toBeLessThan(64 * 1024);
    const headers = { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip', Authorization: `Bearer ${agent.projectKey}` };
    const unpacked = await fetch(`${agent.url}/api/events`, { method: 'POST', headers, body: bomb });
    expect(unpacked.status).toBe(413);
    expect((await unpacked.json()).errors[0]).toBe('Body larger than 1048576 bytes once unpacked');
    expect(existsSync(join(agent.dataDir, 'sessions', today(), 'too-large.jsonl'))).toBe(false);
    expect((await stats()).disk.usedBytes).toBe(before);
  });
});

describe('admin calls', () => {
  it('refuses calls without a valid admin token', async () => {
    const none = await fetch(`${agent.url}/api/admin/config`);
    expect(none.status).toBe(401);
    const withLogin = await fetch(`${agent.url}/api/admin/backup`, { method: 'POST', headers: { Authorization: `Bearer ${consoleToken(agent, 'login')}` } });
    expect(withLogin.status).toBe(401);
    expect((await withLogin.json()).errors[0]).toBe('A valid admin token is required');
  });

  it('applies CORS origins to ingest and health, and persists config in config.json', async () => {
    const res = await admin(agent, '/api/admin/config', { corsOrigins: ['https://shop.example'], retentionDays: 30 });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ corsOrigins: ['https://shop.example'], retentionDays: 30, sso: null });
    expect(JSON.parse(readFileSync(join(agent.dataDir, 'config.json'), 'utf8')).corsOrigins).toEqual(['https://shop.example']);

    const allowed = await sendEvents(agent, 'cors-ok', [{ type: 3, timestamp: 1, data: { source: 2, type: 2, id: 1 } }], { Origin: 'https://shop.example' });
    expect(allowed.status).toBe(202);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://shop.example');
    expect((await sendEvents(agent, 'cors-no', [{ type: 3, timestamp: 1, data: { source: 2, type: 2, id: 1 } }], { Origin: 'https://evil.example' })).status).toBe(403);
    expect(existsSync(join(agent.dataDir, 'sessions', today(), 'cors-no.jsonl'))).toBe(false);

    const preflight = await fetch(`${agent.url}/api/events`, { method: 'OPTIONS', headers: { Origin: 'https://shop.example', 'Access-Control-Request-Method': 'POST' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toBe('Content-Type, Authorization, Content-Encoding');
    const health = await fetch(`${agent.url}/api/health`, { headers: { Origin: CONSOLE_ORIGIN } });
    expect(health.headers.get('access-control-allow-origin')).toBe(CONSOLE_ORIGIN);
  });

  it('validates config strictly and stores SSO settings', async () => {
    expect((await admin(agent, '/api/admin/config', { retention: 3 })).status).toBe(400);
    expect((await admin(agent, '/api/admin/config', { corsOrigins: ['not an origin'] })).status).toBe(400);
    expect((await admin(agent, '/api/admin/config', { corsOrigins: ['https://a.example', 'https://a.example'] })).status).toBe(400);
    const sso = { idpEntityId: 'https://idp.example', idpName: 'Example IdP', idpSsoUrl: 'https://idp.example/sso', idpX509cert: 'MIIC...', idpSlsUrl: null, enforceSSO: true };
    const res = await admin(agent, '/api/admin/config', { sso });
    expect((await res.json()).sso).toEqual(sso);
  });

  it('cleans up session days older than N days and keeps today', async () => {
    const old = join(agent.dataDir, 'sessions', '2020-01-01');
    mkdirSync(old, { recursive: true });
    // Larger than what the index's files may grow by meanwhile (it takes room too, and frees none on a delete).
    writeFileSync(join(old, 'ancient.jsonl'), `${JSON.stringify({ type: 3, timestamp: 1, data: { source: 2, type: 2, id: 1, padding: 'x'.repeat(200) } })}\n`.repeat(1000));
    // Written behind the agent's back, so counted only by a cleanup that removes nothing yet.
    expect((await admin(agent, '/api/admin/cleanup', { days: 3650 })).status).toBe(200);
    const before = (await stats()).disk.usedBytes;
    expect(before).toBe(bytesOnDisk(agent.dataDir));
    const res = await admin(agent, '/api/admin/cleanup', { days: 7 });
    expect(res.status).toBe(200);
    const result = await res.json();
    expect(result.removedDays).toEqual(['2020-01-01']);
    expect(result.removedBytes).toBeGreaterThan(10_000);
    expect(existsSync(old)).toBe(false);
    expect(existsSync(join(agent.dataDir, 'sessions', today()))).toBe(true);
    expect((await stats()).disk.usedBytes).toBeLessThan(before);
    expect((await stats()).disk.usedBytes).toBe(bytesOnDisk(agent.dataDir));
    expect((await admin(agent, '/api/admin/cleanup', { days: -1 })).status).toBe(400);
  });

  it('applies a shorter retention at once', async () => {
    const old = join(agent.dataDir, 'sessions', '2021-06-01');
    mkdirSync(old, { recursive: true });
    writeFileSync(join(old, 's.jsonl'), '{}\n');
    await admin(agent, '/api/admin/config', { retentionDays: 7 });
    expect(existsSync(old)).toBe(false);
  });

  it('grows the disk online', async () => {
    expect((await (await admin(agent, '/api/admin/disk', { diskGb: 2 })).json()).diskGb).toBe(2);
    expect((await stats()).disk.totalBytes).toBe(2 * 1024 ** 3);
    expect((await admin(agent, '/api/admin/disk', { diskGb: 0 })).status).toBe(400);
  });
});

describe('a full disk', () => {
  it('refuses a write that would not fit (507), never passes the declared size, and records again once the disk grows', async () => {
    // A 1 MB disk: filling a real 1 GB one would only make the test slow.
    const small = await startAgentProcess({ diskGb: 0.001, dataDir: join(agent.dataDir, '..', 'small') });
    const chunk = [{ type: 5, timestamp: 1, data: { tag: 'b', payload: 'x'.repeat(400_000) } }];
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await sendEvents(small, `s${i}`, chunk)).status);
    expect(statuses).toEqual([202, 202, 507, 507]);
    const full = await sendEvents(small, 'refused', chunk);
    // The tracker keeps its queue and sends again after this (transport.ts).
    expect(full.headers.get('retry-after')).toBe('60');
    expect(await full.json()).toEqual({ errors: ['The disk is full and session recordings are stopped'] });
    expect(existsSync(join(small.dataDir, 'sessions', today(), 'refused.jsonl'))).toBe(false);
    const { disk } = await statsOf(small);
    expect(disk.usedBytes).toBeGreaterThan(800_000);
    expect(disk.usedBytes).toBeLessThanOrEqual(disk.totalBytes);
    await admin(small, '/api/admin/disk', { diskGb: 1 });
    expect((await sendEvents(small, 'after', chunk)).status).toBe(202);
    await small.stop();
  });

  it("refuses writes that would bring the host's free space under the safety margin", async () => {
    // A margin of a petabyte: no test machine has that much free, so every write would cross it.
    const tight = await startAgentProcess({ dataDir: join(agent.dataDir, '..', 'tight'), env: { AGENT_MIN_FREE_MB: String(1e9) } });
    const res = await sendEvents(tight, 'kept-out', [{ type: 3, timestamp: 1, data: { source: 2, type: 2, id: 1 } }]);
    expect(res.status).toBe(507);
    expect(await res.json()).toEqual({ errors: ["The host's disk is almost full and session recordings are stopped"] });
    expect(existsSync(join(tight.dataDir, 'sessions'))).toBe(false);
    await tight.stop();
  });
});

describe('a disk at the recording stop (99 %) and the cleanup preview', () => {
  const dayAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

  it('tells per age what a cleanup would free, removing nothing, with the same rule the cleanup applies', async () => {
    const dir = join(agent.dataDir, '..', 'preview');
    mkdirSync(join(dir, 'sessions', dayAgo(2)), { recursive: true });
    mkdirSync(join(dir, 'sessions', dayAgo(5)), { recursive: true });
    writeFileSync(join(dir, 'sessions', dayAgo(2), 'a.jsonl'), 'x'.repeat(1000));
    writeFileSync(join(dir, 'sessions', dayAgo(5), 'b.jsonl'), 'y'.repeat(5000));
    const previewed = await startAgentProcess({ dataDir: dir });
    const res = await admin(previewed, '/api/admin/cleanup-preview', { ages: [1, 3, 7, 14, 30] });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { ages: { days: number; bytes: number }[]; usedBytes: number; totalBytes: number };
    expect(body.ages).toEqual([
      { days: 1, bytes: 6000 },
      { days: 3, bytes: 5000 },
      { days: 7, bytes: 0 },
      { days: 14, bytes: 0 },
      { days: 30, bytes: 0 },
    ]);
    expect(body.totalBytes).toBe(120 * 1024 ** 3);
    expect(existsSync(join(dir, 'sessions', dayAgo(5), 'b.jsonl'))).toBe(true);
    // What the preview said for 3 days is what a 3-day cleanup frees.
    expect(((await (await admin(previewed, '/api/admin/cleanup', { days: 3 })).json()) as { removedBytes: number }).removedBytes).toBe(5000);
    expect((await admin(previewed, '/api/admin/cleanup-preview', { ages: [] })).status).toBe(400);
    expect((await admin(previewed, '/api/admin/cleanup-preview', { ages: [1], more: true })).status).toBe(400);
    await previewed.stop();
  });

  it('stops every recording at 99 % of its disk, even one that would fit, and records again after a cleanup frees room', async () => {
    // A 10 MB disk, 38 % of it recordings from five days ago (within the default 7-day retention, which runs at start).
    // Not smaller: the session index's commits add pages to its WAL, tens of kB each until its first checkpoint.
    const dir = join(agent.dataDir, '..', 'stop-at-99');
    mkdirSync(join(dir, 'sessions', dayAgo(5)), { recursive: true });
    writeFileSync(join(dir, 'sessions', dayAgo(5), 'old.jsonl'), 'o'.repeat(3_800_000));
    const small = await startAgentProcess({ diskGb: 0.01, dataDir: dir });
    const total = (await statsOf(small)).disk.totalBytes;
    // Top it up to between 99 % and 100 %, in batches under the body limit: the overflow rule alone would still take a small batch.
    for (let i = 0; ; i++) {
      const fill = Math.ceil(total * 0.995) - (await statsOf(small)).disk.usedBytes - 500;
      if (fill <= 0) break;
      expect((await sendEvents(small, `fill-${i}`, [{ type: 5, timestamp: 1, data: { tag: 'b', payload: 'f'.repeat(Math.min(fill, 900_000)) } }])).status).toBe(202);
    }
    const s = await statsOf(small);
    expect(s.disk.percent).toBeGreaterThanOrEqual(99);
    expect(s.disk.usedBytes).toBeLessThan(total);
    const refused = await sendEvents(small, 'tiny', [{ type: 3, timestamp: 1, data: { source: 2, type: 2, id: 1 } }]);
    expect(refused.status).toBe(507);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(await refused.json()).toEqual({ errors: ['The disk is full and session recordings are stopped'] });
    expect((await admin(small, '/api/admin/cleanup', { days: 3 })).status).toBe(200);
    expect((await statsOf(small)).disk.percent).toBeLessThan(99);
    expect((await sendEvents(small, 'tiny', [{ type: 3, timestamp: 1, data: { source: 2, type: 2, id: 1 } }])).status).toBe(202);
    await small.stop();
  });
});
