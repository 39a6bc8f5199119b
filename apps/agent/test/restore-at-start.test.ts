import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { restoreWholeBackupOnce } from '../src/backups.ts';

/**
 * The 'restore-backup' setting (a driver that cannot reach the volume, Kubernetes): at
 * start, the whole data folder of an upgrade's backup, configuration included, replaces
 * the instance's, once; the pid file (the lock) stays.
 */
const root = mkdtempSync(join(tmpdir(), 'agent-restore-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const dataDir = join(root, 'data');
const backup = join(root, 'backups', 'upgrade-k1');

describe('restoring an upgrade backup at start', () => {
  it('puts the backup’s data in place of the data folder, keeps the pid file, and marks the backup restored', async () => {
    mkdirSync(join(backup, 'data', 'sessions'), { recursive: true });
    writeFileSync(join(backup, 'data', 'config.json'), '{"retentionDays":30}');
    writeFileSync(join(backup, 'data', 'sessions', 'old.jsonl'), 'old');
    writeFileSync(join(backup, 'backup.json'), JSON.stringify({ name: 'upgrade-k1', createdAt: 1, bytes: 3 }));
    mkdirSync(join(dataDir, 'sessions'), { recursive: true });
    writeFileSync(join(dataDir, 'config.json'), '{"retentionDays":90}');
    writeFileSync(join(dataDir, 'sessions', 'new.jsonl'), 'new');
    writeFileSync(join(dataDir, 'agent.pid'), '123');

    await restoreWholeBackupOnce(dataDir, 'upgrade-k1', 1_000);
    expect(readFileSync(join(dataDir, 'config.json'), 'utf8')).toBe('{"retentionDays":30}');
    expect(readdirSync(join(dataDir, 'sessions'))).toEqual(['old.jsonl']);
    expect(readFileSync(join(dataDir, 'agent.pid'), 'utf8')).toBe('123');
    expect(JSON.parse(readFileSync(join(backup, 'backup.json'), 'utf8'))).toMatchObject({ restoredAt: 1_000 });
  });

  it('leaves the data alone at a later start: what was recorded since stays', async () => {
    writeFileSync(join(dataDir, 'config.json'), '{"retentionDays":20}');
    await restoreWholeBackupOnce(dataDir, 'upgrade-k1', 2_000);
    expect(readFileSync(join(dataDir, 'config.json'), 'utf8')).toBe('{"retentionDays":20}');
  });

  it('refuses to start on a backup that does not exist', async () => {
    await expect(restoreWholeBackupOnce(dataDir, 'upgrade-never', 3_000)).rejects.toThrow('No backup named upgrade-never');
  });
});
