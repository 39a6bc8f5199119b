import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { admin, cleanUp, sendEvents, startAgentProcess, type RunningAgent } from './support.ts';

/**
 * The key set a real agent process accepts at ingest: the account's key it starts with, and
 * the instance's projects' keys the console pushes in its config (as SHA-256 digests), kept in
 * config.json across restarts.
 */
afterAll(cleanUp);

const sha256 = (key: string) => createHash('sha256').update(key).digest('hex');
const newKey = () => randomBytes(32).toString('hex');
const today = () => new Date().toISOString().slice(0, 10);
const stored = (agent: RunningAgent, sessionId: string) => existsSync(join(agent.dataDir, 'sessions', today(), `${sessionId}.jsonl`));
const withKey = (key: string) => ({ Authorization: `Bearer ${key}` });
const REFUSED = 'A valid project key is required: send Authorization: Bearer <project key>';

describe('project keys', () => {
  it('accepts the account key and every pushed project key, refuses any other and a removed one, and keeps the set across a restart', { timeout: 30_000 }, async () => {
    const shop = newKey();
    const blog = newKey();
    const agent = await startAgentProcess();
    // Before any push: the account's key only.
    expect((await sendEvents(agent, 'before-push', [{ type: 3, timestamp: 1, data: { source: 2, type: 2, id: 1 } }], withKey(shop))).status).toBe(401);
    expect((await sendEvents(agent, 'account-key', [{ type: 3, timestamp: 1, data: { source: 2, type: 2, id: 1 } }])).status).toBe(202);

    const pushed = await admin(agent, '/api/admin/config', {
      projectKeys: [
        { projectId: 'p-shop', sha256: sha256(shop) },
        { projectId: 'p-blog', sha256: sha256(blog) },
      ],
    });
    expect(pushed.status).toBe(200);
    expect(((await pushed.json()) as { projectKeys: unknown }).projectKeys).toEqual([
      { projectId: 'p-shop', sha256: sha256(shop) },
      { projectId: 'p-blog', sha256: sha256(blog) },
    ]);
    // The file holds digests, never a key a tracker could send.
    const file = readFileSync(join(agent.dataDir, 'config.json'), 'utf8');
    expect([file.includes(shop), file.includes(blog), file.includes(sha256(shop))]).toEqual([false, false, true]);

    expect((await sendEvents(agent, 'by-shop', [{ type: 3, timestamp: 1, data: { source: 2, type: 2, id: 1 } }], withKey(shop))).status).toBe(202);
    expect((await sendEvents(agent, 'by-blog', [{ type: 3, timestamp: 1, data: { source: 2, type: 2, id: 1 } }], withKey(blog))).status).toBe(202);
    expect((await sendEvents(agent, 'by-account', [{ type: 3, timestamp: 1, data: { source: 2, type: 2, id: 1 } }])).status).toBe(202);
    const stranger = await sendEvents(agent, 'by-stranger', [{ type: 3, timestamp: 1, data: { source: 2, type: 2, id: 1 } }], withKey(newKey()));
    expect(stranger.status).toBe(401);
    expect(((await stranger.json()) as { errors: string[] }).errors).toEqual([REFUSED]);
    // A digest sent as if it were the key is not the key.
    expect((await sendEvents(agent, 'by-digest', [{ type: 3, timestamp: 1, data: { source: 2, type: 2, id: 1 } }], withKey(sha256(shop)))).status).toBe(401);
    expect([stored(agent, 'by-shop'), stored(agent, 'by-blog'), stored(agent, 'by-account'), stored(agent, 'by-stranger'), stored(agent, 'by-digest')]).toEqual([true, true, true, false, false]);

    // A project deleted: the console pushes the set without its key.
    expect((await admin(agent, '/api/admin/config', { projectKeys: [{ projectId: 'p-shop', sha256: sha256(shop) }] })).status).toBe(200);
    expect((await sendEvents(agent, 'blog-removed', [{ type: 3, timestamp: 1, data: { source: 2, type: 2, id: 1 } }], withKey(blog))).status).toBe(401);
    expect(stored(agent, 'blog-removed')).toBe(false);

    // Restarted on the same folder with the same account key: the pushed set is still there.
    expect(await agent.stop()).toBe(0);
    const again = await startAgentProcess({ dataDir: agent.dataDir, instanceId: agent.instanceId, secret: agent.secret, projectKey: agent.projectKey });
    try {
      expect((await sendEvents(again, 'shop-after-restart', [{ type: 3, timestamp: 1, data: { source: 2, type: 2, id: 1 } }], withKey(shop))).status).toBe(202);
      expect((await sendEvents(again, 'account-after-restart', [{ type: 3, timestamp: 1, data: { source: 2, type: 2, id: 1 } }])).status).toBe(202);
      expect((await sendEvents(again, 'blog-after-restart', [{ type: 3, timestamp: 1, data: { source: 2, type: 2, id: 1 } }], withKey(blog))).status).toBe(401);
    } finally {
      await again.stop();
    }
  });

  it('refuses a malformed key set and keeps the one it had', { timeout: 30_000 }, async () => {
    const key = newKey();
    const agent = await startAgentProcess();
    try {
      expect((await admin(agent, '/api/admin/config', { projectKeys: [{ projectId: 'p1', sha256: sha256(key) }] })).status).toBe(200);
      const bad = [
        [{ projectId: 'p2', sha256: key.slice(0, 10) }],
        [{ projectId: 'p2', sha256: sha256(key).toUpperCase() }],
        [{ projectId: 'p2', sha256: sha256(key), key }],
        [
          { projectId: 'p1', sha256: sha256(key) },
          { projectId: 'p2', sha256: sha256(key) },
        ],
        'all',
      ];
      for (const projectKeys of bad) {
        const res = await admin(agent, '/api/admin/config', { projectKeys });
        expect(res.status).toBe(400);
      }
      expect((await sendEvents(agent, 'still-p1', [{ type: 3, timestamp: 1, data: { source: 2, type: 2, id: 1 } }], withKey(key))).status).toBe(202);
    } finally {
      await agent.stop();
    }
  });
});
