import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_ORIGIN, admin, cleanUp, consoleToken, sendEvents, startAgentProcess, type RunningAgent } from './support.ts';

let agent: RunningAgent;
beforeAll(async () => {
  agent = await startAgentProcess({ diskGb: 1 });
});
afterAll(async () => {
  await agent.stop();
  await cleanUp();
});

const stats = async () => (await fetch(`${agent.url}/api/stats`)).json();
const today = () => new Date().toISOString().slice(0, 10);

describe('stats', () => {
  it('reports cpu, memory and disk of its own process and data folder as percentages', async () => {
    const s = await stats();
    expect(s.cpu.percent).toBeGreaterThanOrEqual(0);
    expect(s.cpu.percent).toBeLessThanOrEqual(100);
    expect(s.memory.usedBytes).toBeGreaterThan(10 * 1024 * 1024);
    expect(s.memory.totalBytes).toBe(8 * 1024 ** 3);
    expect(s.memory.percent).toBeCloseTo((s.memory.usedBytes / s.memory.totalBytes) * 100, 1);
    expect(s.disk.totalBytes).toBe(1024 ** 3);
    expect(s.disk.usedBytes).toBeGreaterThan(0);
  });
});

describe('event ingest', () => {
  it('appends events as JSON lines under sessions/<day>, growing disk use', async () => {
    const before = (await stats()).disk.usedBytes;
    const events = Array.from({ length: 200 }, (_, i) => ({ type: 'click', x: i, y: i, payload: 'x'.repeat(100) }));
    const res = await sendEvents(agent, 'session-1', events);
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ accepted: 200 });
    const file = join(agent.dataDir, 'sessions', today(), 'session-1.jsonl');
    expect(readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(200);
    expect((await stats()).disk.usedBytes).toBeGreaterThan(before + 200 * 100);
  });

  it('takes gzip bodies and refuses bad ones', async () => {
    const body = gzipSync(JSON.stringify({ sessionId: 'zipped', events: [{ type: 'input' }] }));
    const zipped = await fetch(`${agent.url}/api/events`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' }, body });
    expect(zipped.status).toBe(202);
    expect((await sendEvents(agent, '../escape', [{}])).status).toBe(400);
    expect((await sendEvents(agent, 's', [])).status).toBe(400);
    const extra = await fetch(`${agent.url}/api/events`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ sessionId: 's', events: [{}], x: 1 }) });
    expect(extra.status).toBe(400);
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

    const allowed = await sendEvents(agent, 'cors-ok', [{}], { Origin: 'https://shop.example' });
    expect(allowed.status).toBe(202);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://shop.example');
    expect((await sendEvents(agent, 'cors-no', [{}], { Origin: 'https://evil.example' })).status).toBe(403);
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
    const sso = { idpEntityId: 'https://idp.example', idpSsoUrl: 'https://idp.example/sso', idpX509cert: 'MIIC...', idpSlsUrl: '', enforceSSO: true };
    const res = await admin(agent, '/api/admin/config', { sso });
    expect((await res.json()).sso).toEqual(sso);
  });

  it('cleans up session days older than N days and keeps today', async () => {
    const old = join(agent.dataDir, 'sessions', '2020-01-01');
    mkdirSync(old, { recursive: true });
    writeFileSync(join(old, 'ancient.jsonl'), `${JSON.stringify({ type: 'click' })}\n`.repeat(1000));
    const before = (await stats()).disk.usedBytes;
    const res = await admin(agent, '/api/admin/cleanup', { days: 7 });
    expect(res.status).toBe(200);
    const result = await res.json();
    expect(result.removedDays).toEqual(['2020-01-01']);
    expect(result.removedBytes).toBeGreaterThan(10_000);
    expect(existsSync(old)).toBe(false);
    expect(existsSync(join(agent.dataDir, 'sessions', today()))).toBe(true);
    expect((await stats()).disk.usedBytes).toBeLessThan(before);
    expect((await admin(agent, '/api/admin/cleanup', { days: -1 })).status).toBe(400);
  });

  it('applies a shorter retention at once', async () => {
    const old = join(agent.dataDir, 'sessions', '2021-06-01');
    mkdirSync(old, { recursive: true });
    writeFileSync(join(old, 's.jsonl'), '{}\n');
    await admin(agent, '/api/admin/config', { retentionDays: 7 });
    expect(existsSync(old)).toBe(false);
  });

  it('backs the data folder up beside it, without the pid file', async () => {
    const res = await admin(agent, '/api/admin/backup', {});
    expect(res.status).toBe(200);
    const backup = await res.json();
    expect(Math.abs(backup.createdAt - Date.now())).toBeLessThan(5000);
    const copy = join(agent.dataDir, '..', 'backups', backup.name);
    expect(readdirSync(copy).sort()).toEqual(['config.json', 'sessions', 'used-tokens.jsonl']);
    expect(backup.bytes).toBeGreaterThan(0);
  });

  it('grows the disk online', async () => {
    expect((await (await admin(agent, '/api/admin/disk', { diskGb: 2 })).json()).diskGb).toBe(2);
    expect((await stats()).disk.totalBytes).toBe(2 * 1024 ** 3);
    expect((await admin(agent, '/api/admin/disk', { diskGb: 0 })).status).toBe(400);
  });
});

describe('a full disk', () => {
  it('stops recording, and records again once the disk grows', async () => {
    // A 1 MB disk: filling a real 1 GB one would only make the test slow.
    const small = await startAgentProcess({ diskGb: 0.001, dataDir: join(agent.dataDir, '..', 'small') });
    const chunk = [{ blob: 'x'.repeat(400_000) }];
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await sendEvents(small, `s${i}`, chunk)).status);
    expect(statuses.slice(0, 2)).toEqual([202, 202]);
    expect(statuses.at(-1)).toBe(507);
    expect((await (await fetch(`${small.url}/api/stats`)).json()).disk.percent).toBeGreaterThanOrEqual(100);
    await admin(small, '/api/admin/disk', { diskGb: 1 });
    expect((await sendEvents(small, 'after', chunk)).status).toBe(202);
    await small.stop();
  });
});
