import { and, eq } from 'drizzle-orm';
import { INSTANCE_MESSAGES, VERSION_MESSAGES, versionUpgradeProblem, type Instance, type VersionsAnswer } from '@replay/contracts';
import type { Database } from '../../db/client';
import { instances } from '../../db/schema';
import type { VersionRegistry } from '../../infra/versions';
import type { Clock } from '../../lib/context';
import { badRequest, conflict } from '../../lib/errors';
import type { Principal } from '../../lib/principal';
import type { Enqueue } from './instances.jobs';
import { acceptMemberChange } from './instances.accept-change';
import type { InstancesService } from './instances.service';

export interface VersionDeps {
  database: Database;
  clock: Clock;
  enqueue: Enqueue;
  /** The one scope rule (404 for another account's id or one outside the caller's role). */
  instances: Pick<InstancesService, 'load'>;
  versions: VersionRegistry;
}

/** The versions on offer and the version upgrade; the workflow's step does the work (instances.version-step.ts). */
export function createVersionService(deps: VersionDeps) {

  return {
    list(): VersionsAnswer {
      return { versions: deps.versions.offered.map((v) => ({ ...v })) };
    },

    /**
     * Starts an upgrade (spec sections 4 and 7): to an offered version newer
     * than the current one (400 otherwise: downgrades are refused), of a
     * running instance with nothing else under way (409 otherwise). The new
     * status, the target and the pending record are one compare-and-set, so
     * of two requests at once one wins and the other is refused.
     */
    async upgrade(p: Principal, instanceId: string, version: string): Promise<Instance> {
      const row = await deps.instances.load(p, instanceId);
      if (row.status === 'terminated') throw conflict(INSTANCE_MESSAGES.terminated);
      const problem = versionUpgradeProblem(row.version, version, deps.versions.offered);
      if (problem) throw badRequest(problem);
      if (row.status === 'version-upgrading' || row.inProgress || row.storageInProgress) throw conflict(VERSION_MESSAGES.busy);
      if (row.status !== 'running') throw conflict(INSTANCE_MESSAGES.notRunning);
      return acceptMemberChange(deps, p, instanceId, {
        from: 'running',
        change: { status: 'version-upgrading', inProgress: true, pendingVersion: version },
        stillHolds: and(eq(instances.inProgress, false), eq(instances.storageInProgress, false), eq(instances.version, row.version)),
        record: {
          action: 'upgrade',
          status: 'pending',
          comments: `Upgrade from ${row.version} to ${version} requested`,
          event: { type: 'instance.version_upgrading', fromVersion: row.version, toVersion: version },
        },
        busy: VERSION_MESSAGES.busy,
      });
    },
  };
}

export type VersionService = ReturnType<typeof createVersionService>;
