import { lookup } from 'node:dns/promises';
import { INSTANCE_MESSAGES, LATEST_EVENTS_COUNT, type InstanceDetails } from '@replay/contracts';
import type { Db } from '../../../db/client';
import type { InfrastructureDriver } from '../../../infra/driver';
import { AppError } from '../../../lib/errors';
import { instanceScopeOf } from '../../../lib/instance-scope';
import type { Principal } from '../../../lib/principal';
import { instancesRepo } from './instances.repo';
import type { InstancesService } from './instances.service';
import { activityToWire, instanceToWire } from './instances.wire';

export interface InstanceChecksDeps {
  db: Db;
  driver: InfrastructureDriver;
  instances: Pick<InstancesService, 'load'>;
}

/** The addresses the instance's host name resolves to, as the console sees them; empty if it does not resolve. */
async function resolveIps(instanceUrl: string | null): Promise<string[]> {
  if (!instanceUrl) return [];
  try {
    const found = await lookup(new URL(instanceUrl).hostname, { all: true });
    return [...new Set(found.map((a) => a.address))];
  } catch {
    return [];
  }
}

/** Looking at an instance from the console's side: its details with their latest events, the proxy health check and the Events tab. */
export function createInstanceChecksService(deps: InstanceChecksDeps) {
  return {
    /** GET …/{id}: the instance and its few latest events (the Events tab's first rows), read in the same call. */
    async details(p: Principal, instanceId: string): Promise<InstanceDetails> {
      const row = await deps.instances.load(p, instanceId);
      const { rows } = await instancesRepo(deps.db).events(p.tenantId, instanceId, { page: 1, limit: LATEST_EVENTS_COUNT });
      return { ...instanceToWire(row), latestEvents: rows.map(activityToWire) };
    },

    /**
     * The proxy health check (spec section 4): the browser asks for it when
     * its own direct check failed. A pass here means the instance is fine and
     * the browser's network is not, so the instance is flagged with a client
     * network issue and the addresses its name resolves to.
     */
    async proxyHealth(p: Principal, instanceId: string) {
      const row = await deps.instances.load(p, instanceId);
      const health = await deps.driver.health(instanceId);
      const passed = health.healthy;
      const resolvedIps = passed ? await resolveIps(row.instanceUrl) : row.resolvedIps;
      await instancesRepo(deps.db).set(instanceScopeOf(p), instanceId, { clientNetworkIssue: passed, resolvedIps });
      if (health.statusCode === null) throw new AppError('health_check_failed', [INSTANCE_MESSAGES.noProxyResponse]);
      if (!passed) throw new AppError('health_check_failed', [INSTANCE_MESSAGES.healthCheckFailed]);
      return { healthy: true, hasTenants: health.tenants.length > 0, resolvedIps };
    },

    async events(p: Principal, instanceId: string, q: { page: number; limit: number; query?: string }) {
      await deps.instances.load(p, instanceId);
      const { rows, total } = await instancesRepo(deps.db).events(p.tenantId, instanceId, q);
      return { events: rows.map(activityToWire), total };
    },
  };
}
