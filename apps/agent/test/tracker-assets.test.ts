import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackerConfigAnswerSchema } from '@replay/agent-protocol';
import { trackerScriptPathOf, trackerTarballPathOf } from '@replay/agent-protocol/plain';
import { admin, cleanUp, sendEvents, startAgentProcess, type RunningAgent } from './support.ts';

/**
 * The tracker the instance serves (packages/tracker, built by the agent project's globalSetup):
 * its versioned addresses, the logger options it reads at start, and the ingest wire it sends
 * (rrweb events, metadata, dropped counts).
 */
const DIST = new URL('../../../packages/tracker/dist/', import.meta.url);
const { version } = JSON.parse(readFileSync(new URL('../package.json', DIST), 'utf8')) as { version: string };
const CLICK = { type: 3, timestamp: 1, data: { source: 2, type: 2, id: 1 } };

let agent: RunningAgent;
beforeAll(async () => {
  agent = await startAgentProcess({ version: '1.21' });
});
afterAll(async () => {
  await agent.stop();
  await cleanUp();
});

const today = () => new Date().toISOString().slice(0, 10);
const sessionFile = (id: string) => join(agent.dataDir, 'sessions', today(), `${id}.jsonl`);
const post = (body: unknown) =>
  fetch(`${agent.url}/api/events`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${agent.projectKey}` }, body: JSON.stringify(body) });

describe('the tracker’s addresses', () => {
  it('serves the built script at its version, immutable, to any site, byte for byte', async () => {
    expect(version).toBe('16.0.0');
    const res = await fetch(`${agent.url}${trackerScriptPathOf(version)}`, { headers: { origin: 'https://shop.example' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await res.arrayBuffer()).equals(readFileSync(new URL('tracker.js', DIST)))).toBe(true);
  });

  it('serves the npm package as a tarball that names @replay/tracker at that version', async () => {
    const res = await fetch(`${agent.url}${trackerTarballPathOf(version)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/gzip');
    const tar = gunzipSync(Buffer.from(await res.arrayBuffer())).toString('latin1');
    expect(tar).toContain('package/package.json');
    expect(tar).toContain('package/dist/tracker.mjs');
    expect(tar).toContain('"name": "@replay/tracker"');
    expect(tar).toContain(`"version": "${version}"`);
  });

  it('answers 404 for a version it does not serve, and the current script at /tracker.js under a short cache', async () => {
    expect((await fetch(`${agent.url}${trackerScriptPathOf('15.0.0')}`)).status).toBe(404);
    expect((await fetch(`${agent.url}${trackerTarballPathOf('99.0.0')}`)).status).toBe(404);
    const current = await fetch(`${agent.url}/tracker.js`);
    expect(current.status).toBe(200);
    expect(current.headers.get('cache-control')).toBe('public, max-age=300');
  });

  it('serves nothing at its version when the instance’s version does not read that tracker', async () => {
    const older = await startAgentProcess({ version: '1.20' });
    try {
      expect((await fetch(`${older.url}${trackerScriptPathOf(version)}`)).status).toBe(404);
    } finally {
      await older.stop();
    }
  });
});

describe('the logger options a tracker applies', () => {
  it('answers them to a project key of the instance, from an allowed origin; 401 without one', async () => {
    const logger = { ipWhitelist: [], allowedDomains: [], defaultInputMode: 2, obscureEmailData: true, obscureNumericData: false };
    expect((await admin(agent, '/api/admin/config', { logger })).status).toBe(200);
    const url = `${agent.url}/api/tracker-config`;
    expect((await fetch(url)).status).toBe(401);
    expect((await fetch(url, { headers: { Authorization: 'Bearer not-a-key' } })).status).toBe(401);
    const res = await fetch(url, { headers: { Authorization: `Bearer ${agent.projectKey}`, Origin: 'https://shop.example' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://shop.example');
    // The tracker's back-off reads Retry-After, which a cross-origin page sees only when exposed.
    expect(res.headers.get('access-control-expose-headers')).toBe('Content-Length, Retry-After');
    expect(trackerConfigAnswerSchema.parse(await res.json())).toEqual({ defaultInputMode: 2, obscureEmailData: true, obscureNumericData: false, capture: { rate: 100, conditions: [] } });
    const preflight = await fetch(url, { method: 'OPTIONS', headers: { Origin: 'https://shop.example', 'Access-Control-Request-Headers': 'authorization' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('Authorization');
    await admin(agent, '/api/admin/config', { logger: { ...logger, defaultInputMode: 0, obscureEmailData: false } });
  });
  it('answers the capture settings, each condition set without its name and its user id as a digest only', async () => {
    const capture = {
      rate: 25,
      conditions: [
        { name: 'Checkout', urlPath: '/checkout', userId: null },
        { name: 'VIP', urlPath: null, userId: 'vip@example.com' },
      ],
    };
    expect((await admin(agent, '/api/admin/config', { capture })).status).toBe(200);
    try {
      const res = await fetch(`${agent.url}/api/tracker-config`, { headers: { Authorization: `Bearer ${agent.projectKey}` } });
      const text = await res.text();
      expect([text.includes('vip@example.com'), text.includes('Checkout')]).toEqual([false, false]);
      const digest = createHash('sha256').update('replay-capture:vip@example.com').digest('hex');
      expect(trackerConfigAnswerSchema.parse(JSON.parse(text)).capture).toEqual({
        rate: 25,
        conditions: [
          { urlPath: '/checkout', userId: null },
          { urlPath: null, userId: digest },
        ],
      });
    } finally {
      await admin(agent, '/api/admin/config', { capture: { rate: 100, conditions: [] } });
    }
  });
  it('charges a read to the client’s request rate, as a batch: past it, 429 with Retry-After', async () => {
    const tight = await startAgentProcess({ env: { AGENT_CLIENT_REQUESTS_PER_SECOND: '0.1' } });
    try {
      const read = () => fetch(`${tight.url}/api/tracker-config`, { headers: { Authorization: 'Bearer guessed-key' } });
      expect((await read()).status).toBe(401);
      const refused = await read();
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    } finally {
      await tight.stop();
    }
  });
});

describe('the ingest wire', () => {
  it('takes metadata and a dropped count beside rrweb events, and keeps them with the session', async () => {
    expect((await post({ sessionId: 'with-meta', events: [CLICK], metadata: { plan: 'pro' }, dropped: 3 })).status).toBe(202);
    const lines = readFileSync(sessionFile('with-meta'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as unknown);
    // Both in the batch's head line, before its events.
    expect(lines).toEqual([expect.objectContaining({ type: 'replay.batch', metadata: { plan: 'pro' }, dropped: 3 }), CLICK]);
  });

  it('answers 400 to events that are not rrweb events, and to bad metadata or counts, storing nothing', async () => {
    const bad: unknown[] = [
      { sessionId: 'bad-1', events: [{ type: 'click' }] },
      { sessionId: 'bad-2', events: [{ type: 3 }] },
      { sessionId: 'bad-3', events: [CLICK, 'text'] },
      { sessionId: 'bad-4', events: [{ type: 3, timestamp: 'now' }] },
      { sessionId: 'bad-5', events: [CLICK], metadata: ['a'] },
      { sessionId: 'bad-6', events: [CLICK], metadata: { plan: 7 } },
      { sessionId: 'bad-7', events: [CLICK], metadata: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, 'v'])) },
      { sessionId: 'bad-8', events: [CLICK], dropped: -1 },
      { sessionId: 'bad-9', events: [CLICK], dropped: 1.5 },
    ];
    for (const body of bad) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(((await res.json()) as { errors: string[] }).errors[0]).toMatch(/rrweb event|metadata|dropped/);
    }
    const dir = join(agent.dataDir, 'sessions', today());
    expect(existsSync(dir) ? readdirSync(dir).filter((f) => f.startsWith('bad-')) : []).toEqual([]);
    expect((await sendEvents(agent, 'good', [CLICK])).status).toBe(202);
  });
});
