import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_CALLS } from '@replay/agent-protocol';
import { admin, cleanUp, sendEvents, startAgentProcess } from './support.ts';

/**
 * What a tracker sends is recorded under the project whose key sent it: each error occurrence
 * names it (null for the account's key), each batch of a session carries it as a line, and the
 * console's reads of errors take only the projects it asks for.
 */
afterAll(cleanUp);

const sha256 = (key: string) => createHash('sha256').update(key).digest('hex');
const newKey = () => randomBytes(32).toString('hex');
const today = () => new Date().toISOString().slice(0, 10);
const withKey = (key: string) => ({ Authorization: `Bearer ${key}` });
const errorEvent = (message: string) => ({ sessionId: 's1', message, frames: [{ file: 'https://shop.example.com/app.js', function: null, line: 1, column: 1 }] });

describe('data under its project', () => {
  it('records each error and batch under the sending key’s project, and reads errors one project at a time', { timeout: 30_000 }, async () => {
    const shop = newKey();
    const blog = newKey();
    const agent = await startAgentProcess();
    try {
      expect(
        (
          await admin(agent, '/api/admin/config', {
            projectKeys: [
              { projectId: 'p-shop', sha256: sha256(shop) },
              { projectId: 'p-blog', sha256: sha256(blog) },
            ],
          })
        ).status,
      ).toBe(200);
      const report = (key: string, message: string) =>
        fetch(`${agent.url}/api/errors`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...withKey(key) }, body: JSON.stringify(errorEvent(message)) });
      for (const [key, message] of [
        [shop, 'shop broke'],
        [blog, 'blog broke'],
        [agent.projectKey, 'account key broke'],
        [shop, 'same everywhere'],
        [blog, 'same everywhere'],
      ] as const) {
        expect((await report(key, message)).status).toBe(202);
      }
      const stored = readFileSync(join(agent.dataDir, 'errors', `${today()}.jsonl`), 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { message: string; projectId: string | null });
      expect(stored.map((e) => [e.message, e.projectId])).toEqual([
        ['shop broke', 'p-shop'],
        ['blog broke', 'p-blog'],
        ['account key broke', null],
        ['same everywhere', 'p-shop'],
        ['same everywhere', 'p-blog'],
      ]);

      const messagesOf = async (projectIds?: (string | null)[]) => {
        const res = await admin(agent, ADMIN_CALLS.errors.path, { page: 1, limit: 10, ...(projectIds ? { projectIds } : {}) });
        expect(res.status).toBe(200);
        return ((await res.json()) as { groups: { message: string; count: number }[] }).groups.map((g) => `${g.message} ×${g.count}`).sort();
      };
      expect(await messagesOf(['p-shop'])).toEqual(['same everywhere ×1', 'shop broke ×1']);
      expect(await messagesOf(['p-blog'])).toEqual(['blog broke ×1', 'same everywhere ×1']);
      expect(await messagesOf([null])).toEqual(['account key broke ×1']);
      expect(await messagesOf()).toEqual(['account key broke ×1', 'blog broke ×1', 'same everywhere ×2', 'shop broke ×1']);

      // One group read under another project is not there; under its own it counts only its own.
      const [shopGroup] = (
        (await (await admin(agent, ADMIN_CALLS.errors.path, { page: 1, limit: 10, projectIds: ['p-shop'] })).json()) as { groups: { errorId: string; message: string }[] }
      ).groups.filter((g) => g.message === 'shop broke');
      expect(await (await admin(agent, ADMIN_CALLS.error.path, { errorId: shopGroup!.errorId, projectIds: ['p-blog'] })).json()).toBeNull();
      expect(await (await admin(agent, ADMIN_CALLS.error.path, { errorId: shopGroup!.errorId, projectIds: ['p-shop'] })).json()).toMatchObject({ group: { count: 1 } });
      expect((await admin(agent, ADMIN_CALLS.errors.path, { page: 1, limit: 10, projectIds: [] })).status).toBe(400);

      // Batches: the project in each batch's head; null under the account's key.
      expect((await sendEvents(agent, 'shop-session', [{ type: 3, timestamp: 1, data: { source: 2, type: 2, id: 1 } }], withKey(shop))).status).toBe(202);
      expect((await sendEvents(agent, 'account-session', [{ type: 3, timestamp: 1, data: { source: 2, type: 2, id: 1 } }])).status).toBe(202);
      const lines = (sessionId: string) =>
        readFileSync(join(agent.dataDir, 'sessions', today(), `${sessionId}.jsonl`), 'utf8')
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l) as unknown);
      expect(lines('shop-session')).toEqual([expect.objectContaining({ type: 'replay.batch', projectId: 'p-shop' }), { type: 3, timestamp: 1, data: { source: 2, type: 2, id: 1 } }]);
      expect(lines('account-session')).toEqual([expect.objectContaining({ type: 'replay.batch', projectId: null }), { type: 3, timestamp: 1, data: { source: 2, type: 2, id: 1 } }]);
    } finally {
      await agent.stop();
    }
  });
});
