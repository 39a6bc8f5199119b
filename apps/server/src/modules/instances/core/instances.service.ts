import { INSTANCE_MESSAGES, isValidInstanceUrl, type CreateInstanceInput, type Instance, type InstanceActionBody, type InstanceListQuery, type UpdateInstanceInput } from '@replay/contracts';
import type { InfrastructureDriver } from '../../../infra/driver';
import type { CallerCredential } from '../../../lib/credential';
import { conflict, notFound } from '../../../lib/errors';
import type { Principal } from '../../../lib/principal';
import { inScope, instanceScopeOf } from '../../../lib/instance-scope';
import { instanceLogin } from './instances.login';
import { recordInstanceEvent } from './instances.events';
import { listWithCaller } from './instances.caller-list';
import { actOn, actorOf, createInstance, type CreateAnswer, type LifecycleDeps } from './instances.lifecycle';
import { instancesRepo, live, searchPattern, type InstanceRow, type InstancesRepo } from './instances.repo';
import { instanceToWire } from './instances.wire';

export interface InstancesDeps extends LifecycleDeps {
  driver: InfrastructureDriver;
}

const notFoundInstance = () => notFound(INSTANCE_MESSAGES.notFound);

/** The caller's instance, or 404 for another account's id or one outside the caller's role. */
async function loadInScope(repo: InstancesRepo, p: Principal, instanceId: string): Promise<InstanceRow> {
  const scope = instanceScopeOf(p);
  if (!inScope(scope, instanceId)) throw notFoundInstance();
  const row = await repo.find(scope, instanceId);
  if (!row) throw notFoundInstance();
  return row;
}

/** The rules of managed instances (spec sections 4 and 5); the routes only translate HTTP. */
export function createInstancesService(deps: InstancesDeps) {
  const { db } = deps.database;
  const repo = instancesRepo(db);
  const readWithCaller = listWithCaller(deps.database);

  const load = (p: Principal, instanceId: string): Promise<InstanceRow> => loadInScope(repo, p, instanceId);

  return {
    async list(p: Principal, q: InstanceListQuery) {
      const { rows, total } = await repo.list(instanceScopeOf(p), q);
      return { instances: rows.map(instanceToWire), total };
    },

    /**
     * The list route's read: the caller and their account's page in one round
     * trip, the caller judged by `authorize` before the page is used. A caller
     * whose role names chosen instances, or a page past the end, reads again.
     */
    async listWithCaller(credential: CallerCredential, q: InstanceListQuery, authorize: (p: Principal | null) => Principal) {
      const read = await readWithCaller(credential, { page: q.page, limit: q.limit, pattern: searchPattern(q.search) });
      const caller = authorize(read.principal);
      // A second read is later than the first one's position: replaying from it misses nothing.
      if (instanceScopeOf(caller).ids !== null || (read.rows.length === 0 && q.page > 1)) return { list: await this.list(caller, q), livePosition: read.position };
      return { list: { instances: read.rows.map(instanceToWire), total: read.total }, livePosition: read.position };
    },

    async get(p: Principal, instanceId: string): Promise<Instance> {
      return instanceToWire(await load(p, instanceId));
    },

    /** Ids the caller cannot see are left out, as if they did not exist. */
    async statuses(p: Principal, ids: string[]) {
      const scope = instanceScopeOf(p);
      const visible = [...new Set(ids)].filter((id) => inScope(scope, id));
      return { statuses: await repo.statuses(scope, visible) };
    },

    async status(p: Principal, instanceId: string) {
      const row = await load(p, instanceId);
      return { status: row.status, inProgress: row.inProgress };
    },

    /** At most once per Idempotency-Key (instances.lifecycle.ts). */
    create(p: Principal, input: CreateInstanceInput, idempotencyKey?: string): Promise<CreateAnswer> {
      return createInstance(deps, p, input, idempotencyKey);
    },

    /** Rename (inline edit) and termination protection. */
    async update(p: Principal, instanceId: string, input: UpdateInstanceInput): Promise<Instance> {
      const current = await load(p, instanceId);
      if (current.status === 'terminated') throw conflict(INSTANCE_MESSAGES.terminated);
      const at = deps.clock.now();
      const updated = await db.transaction(async (tx) => {
        const row = await instancesRepo(tx).set(instanceScopeOf(p), instanceId, { ...input, updatedAt: at, updatedBy: p.userId }, live);
        // Terminated between the read and the write.
        if (!row) throw conflict(INSTANCE_MESSAGES.terminated);
        if (input.name !== undefined && input.name !== current.name) {
          await recordInstanceEvent(tx, {
            instance: row,
            actor: actorOf(p),
            at,
            action: 'rename',
            status: 'success',
            comments: `Renamed from ${current.name} to ${row.name}`,
            event: { type: 'instance.renamed', previousName: current.name },
          });
        }
        if (input.isProtected !== undefined && input.isProtected !== current.isProtected) {
          const state = row.isProtected ? 'on' : 'off';
          await recordInstanceEvent(tx, {
            instance: row,
            actor: actorOf(p),
            at,
            action: 'protect',
            status: 'success',
            comments: `Termination protection turned ${state}`,
            event: { type: 'instance.protection', protected: row.isProtected },
          });
        }
        return row;
      });
      return instanceToWire(updated);
    },

    /** Start, stop or terminate (instances.lifecycle.ts). */
    act(p: Principal, instanceId: string, body: InstanceActionBody): Promise<Instance> {
      return actOn(deps, load, p, instanceId, body);
    },

    async validateDomain(url: string): Promise<{ valid: boolean }> {
      return { valid: isValidInstanceUrl(url) && !(await repo.urlTaken(url)) };
    },

    /** A one-time login token for the instance (the agent accepts it once, within a minute). */
    async loginToken(p: Principal, instanceId: string): Promise<{ jwt: string; loginUrl: string }> {
      return instanceLogin(deps.driver, await load(p, instanceId), p);
    },

    load,
  };
}

export type InstancesService = ReturnType<typeof createInstancesService>;
