import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { visit } from './fixtures/rrweb-session.ts';
import { admin, agentForTests, consoleToken, sendEvents, stats, type RunningAgent } from './support.ts';

let agent: RunningAgent;
agentForTests((started) => (agent = started));

/** The recordings the instance's home page lists to a signed-in user, as a person sees them. */
async function listedRecordings(): Promise<string[]> {
  const signIn = await fetch(`${agent.url}/login?token=${consoleToken(agent, 'login')}`, { redirect: 'manual' });
  const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
  const page = await (await fetch(`${agent.url}/`, { headers: { Cookie: cookie } })).text();
  return [...page.matchAll(/data-testid="recording">([^ <]+)/g)].map((m) => m[1]!).sort();
}

const backupsDir = () => join(agent.dataDir, '..', 'backups');

describe('backups and restores', () => {
  it('backs the data folder up beside it under the given name, without the pid file, once', async () => {
    expect((await sendEvents(agent, 'before-backup', [{ type: 3, timestamp: 1, data: { source: 2, type: 2, id: 1 } }])).status).toBe(202);
    const res = await admin(agent, '/api/admin/backup', { name: 'daily-1' });
    expect(res.status).toBe(200);
    const backup = await res.json();
    expect(backup).toMatchObject({ name: 'daily-1' });
    expect(backup.bytes).toBeGreaterThan(0);
    expect(readdirSync(join(backupsDir(), 'daily-1')).sort()).toEqual(['backup.json', 'data']);
    expect(readdirSync(join(backupsDir(), 'daily-1', 'data')).sort()).toEqual(['index.sqlite', 'sessions', 'used-tokens.jsonl']);
    // Asked again (the console's retry): the backup as it was, not a second copy of what is there now.
    expect((await sendEvents(agent, 'after-backup', [{ type: 3, timestamp: 1, data: { source: 2, type: 2, id: 1 } }])).status).toBe(202);
    expect(await (await admin(agent, '/api/admin/backup', { name: 'daily-1' })).json()).toEqual(backup);
    expect(existsSync(join(backupsDir(), 'daily-1', 'data', 'sessions', new Date().toISOString().slice(0, 10), 'after-backup.jsonl'))).toBe(false);
  });

  it('refuses a name that is not a plain folder name', async () => {
    const res = await admin(agent, '/api/admin/backup', { name: '../escape' });
    expect(res.status).toBe(400);
    expect((await res.json()).errors[0]).toBe('name may hold only letters, digits, _ and -, 1 to 80');
    expect(existsSync(join(agent.dataDir, '..', 'escape'))).toBe(false);
  });

  it('restores the recordings of a backup while running: later ones gone, earlier ones back, once per restore id', async () => {
    expect(await listedRecordings()).toEqual(['after-backup', 'before-backup']);
    const res = await admin(agent, '/api/admin/restore', { name: 'daily-1', restoreId: 'r1' });
    expect(res.status).toBe(200);
    const restored = await res.json();
    expect(restored).toMatchObject({ name: 'daily-1', restoreId: 'r1' });
    expect(await listedRecordings()).toEqual(['before-backup']);
    expect((await stats(agent)).disk.usedBytes).toBeGreaterThan(0);
    // Recording goes on; the same restore asked again keeps what was recorded since.
    expect((await sendEvents(agent, 'after-restore', [{ type: 3, timestamp: 1, data: { source: 2, type: 2, id: 1 } }])).status).toBe(202);
    expect(await (await admin(agent, '/api/admin/restore', { name: 'daily-1', restoreId: 'r1' })).json()).toEqual(restored);
    expect(await listedRecordings()).toEqual(['after-restore', 'before-backup']);
    // A new restore of the same backup is a new request.
    await admin(agent, '/api/admin/restore', { name: 'daily-1', restoreId: 'r2' });
    expect(await listedRecordings()).toEqual(['before-backup']);
  });

  it('answers 404 for a backup that does not exist, changing nothing', async () => {
    const res = await admin(agent, '/api/admin/restore', { name: 'missing', restoreId: 'r3' });
    expect(res.status).toBe(404);
    expect((await res.json()).errors[0]).toBe('No backup named missing');
    expect(await listedRecordings()).toEqual(['before-backup']);
  });
});

describe('removing a backup', () => {
  it('removes the named backup from beside the data folder; again is fine; a bad name is refused', async () => {
    expect((await admin(agent, '/api/admin/backup', { name: 'to-remove' })).status).toBe(200);
    expect(existsSync(join(backupsDir(), 'to-remove'))).toBe(true);
    for (let i = 0; i < 2; i++) {
      const res = await admin(agent, '/api/admin/backup/delete', { name: 'to-remove' });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ name: 'to-remove' });
    }
    expect(existsSync(join(backupsDir(), 'to-remove'))).toBe(false);
    expect((await admin(agent, '/api/admin/backup/delete', { name: '../data' })).status).toBe(400);
    expect(existsSync(agent.dataDir)).toBe(true);
  });
});

describe('a session through cleanup, backup and restore', () => {
  it('a restored backup replays the same session: the same rrweb events, the same index facts', async () => {
    const signIn = await fetch(`${agent.url}/login?token=${consoleToken(agent, 'login')}`, { redirect: 'manual' });
    const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
    const read = async (path: string) => fetch(`${agent.url}${path}`, { headers: { Cookie: cookie } });
    const { first, second, all } = visit(Date.UTC(2026, 0, 10));
    expect((await sendEvents(agent, 'kept', first)).status).toBe(202);
    expect((await sendEvents(agent, 'kept', second)).status).toBe(202);
    const summary = await (await read('/api/sessions/kept')).json();
    expect((await admin(agent, '/api/admin/backup', { name: 'with-kept' })).status).toBe(200);
    // A cleanup of everything (0 days) removes the session, its chunk and its row.
    expect((await admin(agent, '/api/admin/cleanup', { days: 0 })).status).toBe(200);
    expect((await read('/api/sessions/kept')).status).toBe(404);
    expect((await admin(agent, '/api/admin/restore', { name: 'with-kept', restoreId: 'r-kept' })).status).toBe(200);
    expect(await (await read('/api/sessions/kept')).json()).toEqual(summary);
    expect(await (await read('/api/sessions/kept/events')).json()).toEqual(all);
  });
});
