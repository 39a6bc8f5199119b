/**
 * How a driver starts an agent. Every setting is a flag (`--port 4101`) that
 * may also come from its environment variable; the secret and the project key
 * have no flag and travel in the environment only, since a process list shows
 * arguments to everyone.
 */
export const AGENT_FLAGS = {
  'instance-id': 'AGENT_INSTANCE_ID',
  name: 'AGENT_NAME',
  port: 'AGENT_PORT',
  host: 'AGENT_HOST',
  'data-dir': 'AGENT_DATA_DIR',
  version: 'AGENT_VERSION',
  'console-origin': 'AGENT_CONSOLE_ORIGIN',
  tenant: 'AGENT_TENANT',
  vcpu: 'AGENT_VCPU',
  'memory-gb': 'AGENT_MEMORY_GB',
  'disk-gb': 'AGENT_DISK_GB',
  'client-requests-per-second': 'AGENT_CLIENT_REQUESTS_PER_SECOND',
  'client-bytes-per-second': 'AGENT_CLIENT_BYTES_PER_SECOND',
  'session-requests-per-second': 'AGENT_SESSION_REQUESTS_PER_SECOND',
  'session-bytes-per-second': 'AGENT_SESSION_BYTES_PER_SECOND',
  'key-requests-per-second': 'AGENT_KEY_REQUESTS_PER_SECOND',
  'key-bytes-per-second': 'AGENT_KEY_BYTES_PER_SECOND',
  'instance-requests-per-second': 'AGENT_INSTANCE_REQUESTS_PER_SECOND',
  'instance-bytes-per-second': 'AGENT_INSTANCE_BYTES_PER_SECOND',
  'min-free-mb': 'AGENT_MIN_FREE_MB',
  /**
   * A backup in ../backups (an upgrade's) whose whole data folder, configuration included,
   * replaces the instance's at start, once: the backup is marked restored, and a later start
   * with the same flag leaves the data alone. For a driver that cannot copy the volume itself.
   */
  'restore-backup': 'AGENT_RESTORE_BACKUP',
} as const;

export type AgentFlag = keyof typeof AGENT_FLAGS;

export const AGENT_SECRET_ENV = 'AGENT_SECRET';
export const AGENT_PROJECT_KEY_ENV = 'AGENT_PROJECT_KEY';

/** What a driver decides for an agent it starts; the ingest limits keep the agent's defaults. */
export interface AgentStart {
  instanceId: string;
  /** Display name, shown on the instance's home page. */
  name: string;
  /** The instance's data folder; backups go beside it, in ../backups. */
  dataDir: string;
  port: number;
  host: string;
  /** major.minor */
  version: string;
  /** The console's origin: its users' browsers check health directly, so CORS must allow it. */
  consoleOrigin: string;
  /** The organization; shown only to a user signed in to the instance. */
  tenantName: string;
  vcpu: number;
  memoryGb: number;
  diskGb: number;
  /** Verifies the console's tokens (tokens.ts). */
  secret: string;
  /** The account's project key: trackers send it with every batch of events. */
  projectKey: string;
}

/**
 * The memory an agent may really use, enforced by Node: its V8 heap limit in
 * MiB, 16 MiB for each GB of the catalogue's memory (small 128, medium 256,
 * large 512). A 1:64 scale, so a machine of a few GB runs many agents of any
 * size while each size still gets twice the room of the one below; the heap
 * limit reserves nothing, it only caps what the process may grow to (past
 * it the process ends out of memory, as an instance would). The agent's
 * statistics read the limit back from V8, so they report what is enforced.
 */
export const HEAP_MIB_PER_CATALOGUE_GB = 16;
export const agentHeapLimitMib = (memoryGb: number): number => Math.max(32, Math.round(memoryGb * HEAP_MIB_PER_CATALOGUE_GB));

/**
 * The agent's arguments (an array: never joined into a shell string) and its
 * environment, which alone holds the secrets, and Node's own options: the
 * heap limit of its size (in NODE_OPTIONS, so a driver that passes the
 * environment on applies it, whatever runs the agent's entry point).
 */
export function agentCommand(start: AgentStart): { args: string[]; env: Record<string, string> } {
  const flags: [AgentFlag, string | number][] = [
    ['instance-id', start.instanceId],
    ['name', start.name],
    ['data-dir', start.dataDir],
    ['port', start.port],
    ['host', start.host],
    ['version', start.version],
    ['console-origin', start.consoleOrigin],
    ['tenant', start.tenantName],
    ['vcpu', start.vcpu],
    ['memory-gb', start.memoryGb],
    ['disk-gb', start.diskGb],
  ];
  return {
    args: flags.flatMap(([flag, value]) => [`--${flag}`, String(value)]),
    env: {
      [AGENT_SECRET_ENV]: start.secret,
      [AGENT_PROJECT_KEY_ENV]: start.projectKey,
      NODE_OPTIONS: `--max-old-space-size=${agentHeapLimitMib(start.memoryGb)}`,
    },
  };
}
