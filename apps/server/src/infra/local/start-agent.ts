import { EXIT_CODES } from '@replay/agent-protocol';
import { livePidOf } from '@replay/local-process';
import { checkHealth, type AgentAddress } from '../agent-client';
import { DriverError, type InstanceRuntime } from '../driver';
import type { VersionRegistry } from '../versions';
import { endProcessGroup, spawnAgent } from './agent-process';
import { runtimeOf, type InstanceFolders, type InstanceRecord } from './instance-folder';
import { waitForStart } from './wait-for-start';

/** What starting an agent needs from the local driver. */
export interface AgentStarter {
  folders: InstanceFolders;
  consoleOrigin: string;
  host: string;
  startTimeoutMs: number;
  stopGraceMs: number;
  versions: VersionRegistry;
  /** A port no instance holds, picked one at a time with the driver's other picks. */
  freePort(): Promise<number>;
}

/** Where the console reaches an instance's agent (loopback, whatever host it listens on) and the secret it signs its calls with. */
export function agentAddress(record: InstanceRecord): AgentAddress {
  return { instanceId: record.instanceId, baseUrl: `http://127.0.0.1:${record.port}`, secret: record.secret };
}

/**
 * Brings the agent of the instance `record` describes up: one that already
 * answers as this instance is kept, one alive but not answering is replaced.
 * A new agent is spawned and waited for; an agent that finds its data folder
 * taken by a healthy one of this instance adopts it, and a port taken while
 * the instance was stopped moves the instance to a new one (once). Any other
 * outcome is a start-failed error, the agent's log file beside its message (for the server's log).
 */
export async function startAgent(s: AgentStarter, record: InstanceRecord): Promise<InstanceRuntime> {
  const { instanceId, projectKey } = record;
  if (!projectKey) {
    throw new DriverError('start-failed', `Instance ${instanceId} has no project key yet: it starts through create() with its spec, which brings the key`);
  }
  const livePid = () => livePidOf(s.folders.dataDir(instanceId));
  const running = livePid();
  if (running) {
    const health = await checkHealth(agentAddress(record));
    if (health.healthy) return runtimeOf(instanceId, record, running);
    // Alive but not answering as this instance: hung, so it is replaced.
    await endProcessGroup(running, s.stopGraceMs);
  }
  for (let attempt = 0; ; attempt++) {
    const spawned = spawnAgent(
      { ...record, projectKey },
      {
        dataDir: s.folders.dataDir(instanceId),
        logFile: s.folders.logFile(instanceId),
        cwd: s.folders.dir(instanceId),
        consoleOrigin: s.consoleOrigin,
        host: s.host,
        entry: s.versions.agentEntry(record.version) ?? undefined,
      },
    );
    const outcome = await waitForStart(agentAddress(record), spawned, s.startTimeoutMs);
    if (outcome.kind === 'healthy') return runtimeOf(instanceId, record, spawned.pid);
    if (outcome.kind === 'timeout') await endProcessGroup(spawned.pid, s.stopGraceMs);
    if (outcome.kind === 'exited' && outcome.code === EXIT_CODES.dataDirInUse) {
      // Another agent took the folder between our check and the spawn: it is this instance's, so adopt it.
      const holder = livePid();
      if (holder && (await checkHealth(agentAddress(record))).healthy) return runtimeOf(instanceId, record, holder);
    }
    if (outcome.kind === 'exited' && outcome.code === EXIT_CODES.portInUse && attempt === 0) {
      // Something else took the port while the instance was stopped; the URL has to change.
      record = s.folders.update(instanceId, { port: await s.freePort() });
      continue;
    }
    const why = outcome.kind === 'exited' ? `exited with code ${outcome.code}` : 'did not become healthy in time';
    // The message reaches the instance's members as its failure: the host's path goes only to the server's log.
    throw new DriverError('start-failed', `The agent of instance ${instanceId} ${why}`, { logFile: s.folders.logFile(instanceId) });
  }
}
