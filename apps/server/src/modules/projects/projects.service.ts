import { PROJECT_MESSAGES, accountLimits, type CreateProjectInput, type Project, type Projects } from '@replay/contracts';
import type { Db } from '../../db/client';
import { emitEvent } from '../../events/emit';
import { isUniqueViolation } from '../../lib/db-errors';
import { conflict, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { inScope, instanceScopeOf } from '../../lib/instance-scope';
import type { Principal } from '../../lib/principal';
import { newProjectKey } from './projects.facts';
import { projectsRepo, type ProjectRow, type ProjectWithInstance } from './projects.repo';
import type { Clock } from '../../lib/time';

/** A project as the caller may see it: its key for the account's admins only, as the account's own key (Account.tenantKey). */
export function projectToWire(r: ProjectWithInstance, p: Principal): Project {
  return {
    siteId: r.id,
    instanceId: r.instanceId,
    instanceName: r.instanceName,
    name: r.name,
    projectKey: p.admin || p.superAdmin ? r.projectKey : null,
    isDefault: r.isDefault,
    createdAt: r.createdAt.getTime(),
    updatedAt: r.updatedAt.getTime(),
  };
}

const actorOf = (p: Principal) => ({ userId: p.userId, name: p.name });
const refOf = (r: ProjectRow, instanceName: string) => ({ id: r.id, name: r.name, instanceId: r.instanceId, instanceName });
const notFoundProject = () => notFound(PROJECT_MESSAGES.notFound);
/** Two projects of one instance never share a name (projects_instance_name_idx). */
const nameTaken = (e: unknown) => (isUniqueViolation(e) ? conflict(PROJECT_MESSAGES.nameTaken) : e);

/** A project a member adds: never an instance's default, with a key of its own. */
const newProjectRow = (p: Principal, instanceId: string, name: string, at: Date) => ({
  id: newId(),
  tenantId: p.tenantId,
  instanceId,
  name,
  projectKey: newProjectKey(),
  isDefault: false,
  createdBy: p.userId,
  createdAt: at,
  updatedAt: at,
});

/**
 * Projects (the spec's sites): each of one instance the caller reaches; a change is one
 * transaction with its domain event, and the route's audit records it.
 */
/**
 * What projects need of the instances module, which the composition root fills from its manifest
 * (instances reads projects' facts, so projects never imports instances): counting up the
 * instance's key set in the caller's transaction (answers the instance's status), and asking
 * its workflow to run.
 */
export interface ProjectsInstancesPort {
  countProjectKeysUp(tx: Db, instanceId: string): Promise<string | null>;
  enqueueWorkflow(instanceId: string): Promise<void>;
}

export function createProjectsService(deps: { db: Db; clock: Clock; instances: ProjectsInstancesPort; hasBillingDetails(tenantId: string): Promise<boolean> }) {
  const { db } = deps;
  const repo = projectsRepo(db);

  async function sites(tenantId: string) {
    const [count, hasBillingDetails] = await Promise.all([repo.countLive(tenantId), deps.hasBillingDetails(tenantId)]);
    return accountLimits({ hasBillingDetails, seats: 0, sites: count }).sites;
  }

  /** After a create or delete commits: a running instance's workflow gives its agent the new key set now (a stopped one, when it runs). */
  async function pushKeys(instanceId: string, status: string | null): Promise<void> {
    if (status === 'running') await deps.instances.enqueueWorkflow(instanceId);
  }

  async function owned(p: Principal, id: string): Promise<ProjectWithInstance> {
    const scope = instanceScopeOf(p);
    const row = await repo.find(scope, id);
    if (!row || !inScope(scope, row.instanceId)) throw notFoundProject();
    return row;
  }

  return {
    async list(p: Principal): Promise<Projects> {
      const [rows, limit] = await Promise.all([repo.list(instanceScopeOf(p)), sites(p.tenantId)]);
      return { projects: rows.map((r) => projectToWire(r, p)), sites: limit };
    },

    async create(p: Principal, input: CreateProjectInput): Promise<Project> {
      const scope = instanceScopeOf(p);
      if (!inScope(scope, input.instanceId)) throw notFound(PROJECT_MESSAGES.instanceNotFound);
      // Asked before the transaction: on PGlite a query outside it would wait for it forever.
      const hasBillingDetails = await deps.hasBillingDetails(p.tenantId);
      try {
        const { project, status } = await db.transaction(async (tx) => {
          const txRepo = projectsRepo(tx);
          await txRepo.lockAccount(p.tenantId);
          const instance = await txRepo.liveInstance(scope, input.instanceId);
          if (!instance) throw notFound(PROJECT_MESSAGES.instanceNotFound);
          const { sites: limit } = accountLimits({ hasBillingDetails, seats: 0, sites: await txRepo.countLive(p.tenantId) });
          if (limit.remaining === 0) throw conflict(PROJECT_MESSAGES.limit(limit.limit));
          const at = deps.clock.now();
          const row = await txRepo.insert(newProjectRow(p, instance.instanceId, input.name, at));
          await emitEvent(tx, { type: 'project.created', tenantId: p.tenantId, actor: actorOf(p), at: at.getTime(), project: refOf(row, instance.name) });
          return { project: projectToWire({ ...row, instanceName: instance.name }, p), status: await deps.instances.countProjectKeysUp(tx, instance.instanceId) };
        });
        await pushKeys(project.instanceId, status);
        return project;
      } catch (e) {
        throw nameTaken(e);
      }
    },

    async rename(p: Principal, id: string, name: string): Promise<Project> {
      const current = await owned(p, id);
      if (current.name === name) return projectToWire(current, p);
      try {
        return await db.transaction(async (tx) => {
          const at = deps.clock.now();
          const row = await projectsRepo(tx).rename(p.tenantId, id, name, at);
          if (!row) throw notFoundProject();
          const project = refOf(row, current.instanceName);
          await emitEvent(tx, { type: 'project.renamed', tenantId: p.tenantId, actor: actorOf(p), at: at.getTime(), project, previousName: current.name });
          return projectToWire({ ...row, instanceName: current.instanceName }, p);
        });
      } catch (e) {
        throw nameTaken(e);
      }
    },

    /** An instance's default project goes with the instance only (409); any other is deleted at once. */
    async remove(p: Principal, id: string): Promise<{ ok: true }> {
      const current = await owned(p, id);
      if (current.isDefault) throw conflict(PROJECT_MESSAGES.defaultKept);
      const status = await db.transaction(async (tx) => {
        const row = await projectsRepo(tx).removeNonDefault(p.tenantId, id);
        if (!row) throw notFoundProject();
        const at = deps.clock.now();
        await emitEvent(tx, { type: 'project.deleted', tenantId: p.tenantId, actor: actorOf(p), at: at.getTime(), project: refOf(row, current.instanceName) });
        return deps.instances.countProjectKeysUp(tx, row.instanceId);
      });
      await pushKeys(current.instanceId, status);
      return { ok: true };
    },
  };
}

export type ProjectsService = ReturnType<typeof createProjectsService>;
