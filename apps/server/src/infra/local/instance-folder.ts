import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { InstanceRuntime, InstanceSpec } from '../driver';

/**
 * One folder per instance under `${DATA_DIR}/instances/<instanceId>`:
 *   instance.json   what the driver needs to start it again (spec, port, secret, project key); 0600
 *   data/           the agent's data folder (sessions, config.json, agent.pid)
 *   backups/        the agent's backups
 *   agent.log       the agent's output, appended across restarts
 * The folder is the driver's whole record, so a console that crashed finds
 * its instances again from disk alone.
 */
export interface InstanceRecord extends Omit<InstanceSpec, 'projectKey'> {
  /** Kept for the instance's lifetime, so its URL never changes. */
  port: number;
  /** Shared with the agent only: signs its login and admin tokens. */
  secret: string;
  /**
   * What the agent was (or will be) started with. Missing from records written
   * before ingest needed a key: such an instance is not started until a create
   * with its spec (the workflow's start, or reconcile) brings the key.
   */
  projectKey?: string;
  createdAt: number;
}

const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const RECORD = 'instance.json';

export class InstanceFolders {
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  /** Refuses ids that could name a path outside the root. */
  dir(instanceId: string): string {
    if (!ID_PATTERN.test(instanceId)) throw new Error(`Invalid instance id: ${instanceId}`);
    return join(this.root, instanceId);
  }

  dataDir(instanceId: string): string {
    return join(this.dir(instanceId), 'data');
  }

  logFile(instanceId: string): string {
    return join(this.dir(instanceId), 'agent.log');
  }

  read(instanceId: string): InstanceRecord | null {
    try {
      return JSON.parse(readFileSync(join(this.dir(instanceId), RECORD), 'utf8')) as InstanceRecord;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw e;
    }
  }

  /** Written beside and renamed over, so a crash never leaves half a record. Readable by this user only: it holds the secret and the project key. */
  write(record: InstanceRecord): void {
    const dir = this.dir(record.instanceId);
    mkdirSync(join(dir, 'data'), { recursive: true });
    const file = join(dir, RECORD);
    writeFileSync(`${file}.tmp`, JSON.stringify(record, null, 2), { mode: 0o600 });
    renameSync(`${file}.tmp`, file);
  }

  update(instanceId: string, change: Partial<InstanceRecord>): InstanceRecord {
    const record = this.read(instanceId);
    if (!record) throw new Error(`No record for instance ${instanceId}`);
    const next = { ...record, ...change, instanceId };
    this.write(next);
    return next;
  }

  remove(instanceId: string): void {
    rmSync(this.dir(instanceId), { recursive: true, force: true });
  }

  exists(instanceId: string): boolean {
    return existsSync(this.dir(instanceId));
  }

  /** Every instance id with a folder, whether or not its record survived. */
  list(): string[] {
    if (!existsSync(this.root)) return [];
    return readdirSync(this.root, { withFileTypes: true })
      .filter((e) => e.isDirectory() && ID_PATTERN.test(e.name))
      .map((e) => e.name);
  }

  /** Ports held by every instance, running or not, so a new one never takes a stopped one's URL. */
  reservedPorts(): Set<number> {
    return new Set(this.list().flatMap((id) => this.read(id)?.port ?? []));
  }
}

/** What the driver reports for an instance: its record (if any) and the pid of its live agent (if any). */
export function runtimeOf(instanceId: string, record: InstanceRecord | null, pid: number | null): InstanceRuntime {
  const url = record ? `http://localhost:${record.port}` : null;
  return {
    instanceId,
    state: !record ? 'absent' : pid ? 'running' : 'stopped',
    url,
    healthUrl: url && `${url}/api/health`,
    pid,
    version: record?.version ?? null,
    size: record?.size ?? null,
    diskSize: record?.diskSize ?? null,
  };
}
