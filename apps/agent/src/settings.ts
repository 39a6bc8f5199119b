import { resolve } from 'node:path';
import { AGENT_FLAGS, AGENT_PROJECT_KEY_ENV, AGENT_SECRET_ENV, isOrigin } from '@replay/agent-protocol/plain';

/** Everything an agent is started with. One agent serves one hosted instance. */
export interface AgentSettings {
  instanceId: string;
  /** Display name of the instance, shown on its home page. */
  name: string;
  port: number;
  host: string;
  /** The instance's data folder; backups go beside it, in ../backups. */
  dataDir: string;
  /** Product version as major.minor; an upgrade restarts the agent with a new one. */
  version: string;
  /** The console's origin: its browser calls /api/health directly, so CORS must allow it. */
  consoleOrigin: string;
  /** Verifies the console's login and admin tokens and signs session cookies. */
  secret: string;
  /** The account's project key (its tenantKey): trackers may send it with every batch, as they may the projects' keys of the config (ingest.ts). */
  projectKey: string;
  /** The organization; shown only to a user signed in to the instance. */
  tenantName: string;
  vcpu: number;
  memoryGb: number;
  diskGb: number;
  ingest: IngestLimits;
  /** A backup (in ../backups) whose data replaces the instance's at start, once (AGENT_FLAGS 'restore-backup'). */
  restoreBackup: string | null;
}

/** How much one client, and the whole instance, may record; see ingest-limiter.ts. */
export interface IngestLimits {
  /** Per client address (an IPv6 client by its /64). */
  clientRequestsPerSecond: number;
  clientBytesPerSecond: number;
  /** Per recorded session (of one key). */
  sessionRequestsPerSecond: number;
  sessionBytesPerSecond: number;
  /** Per project key (the account's key counts as one). */
  keyRequestsPerSecond: number;
  keyBytesPerSecond: number;
  /** Every client of the instance together. */
  instanceRequestsPerSecond: number;
  instanceBytesPerSecond: number;
  /** Writes stop before the free space of the host's file system falls under this. */
  minFreeBytes: number;
}

const MB = 1024 * 1024;

export class SettingsError extends Error {}

/** Command-line flags (`--port 4001` or `--port=4001`) win over environment variables. */
export function readSettings(env: NodeJS.ProcessEnv, argv: readonly string[]): AgentSettings {
  const values: Record<string, string | undefined> = { ...env };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
    const flag = match?.[1];
    if (!match || !flag || !Object.hasOwn(AGENT_FLAGS, flag)) throw new SettingsError(`Unknown argument: ${arg}`);
    const value = match[2] ?? argv[++i];
    if (value === undefined) throw new SettingsError(`Missing value for --${flag}`);
    values[AGENT_FLAGS[flag as keyof typeof AGENT_FLAGS]] = value;
  }
  const text = (key: string, fallback?: string): string => {
    const value = values[key] ?? fallback;
    if (!value) throw new SettingsError(`${key} is required`);
    return value;
  };
  const number = (key: string, min: number, max: number, fallback?: number): number => {
    const raw = values[key];
    const value = raw === undefined || raw === '' ? fallback : Number(raw);
    if (value === undefined || !Number.isFinite(value) || value < min || value > max) {
      throw new SettingsError(`${key} must be a number from ${min} to ${max}`);
    }
    return value;
  };
  const instanceId = text('AGENT_INSTANCE_ID');
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(instanceId)) throw new SettingsError('AGENT_INSTANCE_ID may hold only letters, digits, _ and -');
  const secret = text(AGENT_SECRET_ENV);
  if (secret.length < 32) throw new SettingsError(`${AGENT_SECRET_ENV} must be at least 32 characters`);
  const projectKey = text(AGENT_PROJECT_KEY_ENV);
  // It travels as a Bearer token, so visible ASCII only; 16+ characters so that it cannot be guessed.
  if (!/^[\x21-\x7e]{16,256}$/.test(projectKey)) throw new SettingsError(`${AGENT_PROJECT_KEY_ENV} must be 16 to 256 visible ASCII characters`);
  const consoleOrigin = text('AGENT_CONSOLE_ORIGIN', 'http://localhost:3000');
  if (!isOrigin(consoleOrigin)) throw new SettingsError('AGENT_CONSOLE_ORIGIN must be an origin, like http://localhost:3000');
  const restoreBackup = values.AGENT_RESTORE_BACKUP || null;
  if (restoreBackup !== null && !/^[A-Za-z0-9_-]{1,80}$/.test(restoreBackup)) throw new SettingsError('AGENT_RESTORE_BACKUP may hold only letters, digits, _ and -');
  return {
    instanceId,
    restoreBackup,
    name: text('AGENT_NAME', instanceId),
    port: number('AGENT_PORT', 0, 65535, 0),
    host: text('AGENT_HOST', '127.0.0.1'),
    dataDir: resolve(text('AGENT_DATA_DIR')),
    version: text('AGENT_VERSION'),
    consoleOrigin,
    secret,
    projectKey,
    tenantName: text('AGENT_TENANT', 'default'),
    vcpu: number('AGENT_VCPU', 1, 1024, 2),
    memoryGb: number('AGENT_MEMORY_GB', 1, 65536, 8),
    // Fractions are allowed so a test can fill a disk of a few megabytes.
    diskGb: number('AGENT_DISK_GB', 0.001, 65536, 120),
    // Fractions are allowed so a test can reach a limit in a few requests.
    ingest: {
      clientRequestsPerSecond: number('AGENT_CLIENT_REQUESTS_PER_SECOND', 0.01, 1e6, 20),
      clientBytesPerSecond: number('AGENT_CLIENT_BYTES_PER_SECOND', 1, 1e10, 1 * MB),
      sessionRequestsPerSecond: number('AGENT_SESSION_REQUESTS_PER_SECOND', 0.01, 1e6, 2),
      sessionBytesPerSecond: number('AGENT_SESSION_BYTES_PER_SECOND', 1, 1e10, 256 * 1024),
      // As much as the instance by default: an instance with one key keeps its whole capacity; a driver of many projects sets less.
      keyRequestsPerSecond: number('AGENT_KEY_REQUESTS_PER_SECOND', 0.01, 1e6, 200),
      keyBytesPerSecond: number('AGENT_KEY_BYTES_PER_SECOND', 1, 1e10, 16 * MB),
      instanceRequestsPerSecond: number('AGENT_INSTANCE_REQUESTS_PER_SECOND', 0.01, 1e6, 200),
      instanceBytesPerSecond: number('AGENT_INSTANCE_BYTES_PER_SECOND', 1, 1e10, 16 * MB),
      minFreeBytes: number('AGENT_MIN_FREE_MB', 0, 1e9, 1024) * MB,
    },
  };
}
