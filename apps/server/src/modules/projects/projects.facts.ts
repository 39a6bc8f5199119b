import { createHash, randomBytes } from 'node:crypto';
import type { ProjectKeyDigest } from '@replay/agent-protocol';
import { PROJECT_MESSAGES } from '@replay/contracts';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { instanceScopeOf, type InstanceScope } from '../../lib/instance-scope';
import type { Principal } from '../../lib/principal';
import { projectsRepo } from './projects.repo';

/**
 * What other modules may ask of projects, without reaching into this module's repo: the
 * instances module makes an instance's default project in its create transaction and
 * judges the account's site limit; the account counts its sites; alerts and JavaScript
 * errors find the project of an instance a call is about.
 */

/** 256 random bits as 64 hex characters: the form of the console's own keys (migration 0031's backfill used two UUIDs, 244 random bits). */
export const newProjectKey = (): string => randomBytes(32).toString('hex');

/** The projects of the account's live instances: what `limits.sites` counts. */
export function countLiveProjects(db: Db, tenantId: string): Promise<number> {
  return projectsRepo(db).countLive(tenantId);
}

/** The instance's default project, with the instance's id and name, in the instance's create transaction. */
export async function addDefaultProject(tx: Db, instance: { instanceId: string; tenantId: string; name: string; createdBy: string | null; createdAt: Date }): Promise<void> {
  await projectsRepo(tx).insert({
    id: instance.instanceId,
    tenantId: instance.tenantId,
    instanceId: instance.instanceId,
    name: instance.name,
    projectKey: newProjectKey(),
    isDefault: true,
    createdBy: instance.createdBy,
    createdAt: instance.createdAt,
    updatedAt: instance.createdAt,
  });
}

/**
 * The instance's projects' keys as its agent takes them (the config step): each key's SHA-256, never
 * the key, so the agent's config file and answers hold nothing a tracker could send.
 */
export async function projectKeyDigestsOf(db: Db, instanceId: string): Promise<ProjectKeyDigest[]> {
  const rows = await projectsRepo(db).keysOf(instanceId);
  return rows.map((r) => ({ projectId: r.id, sha256: createHash('sha256').update(r.projectKey).digest('hex') }));
}

/** The instance a project of the scope belongs to; null when the scope reaches no such project. */
export async function instanceOfProject(db: Db, scope: InstanceScope, projectId: string): Promise<string | null> {
  return (await projectsRepo(db).find(scope, projectId))?.instanceId ?? null;
}

/** A project as the `/{siteId}` calls of its instance take it: alert rules, errors and source maps are its own. */
export interface SiteOfInstance {
  id: string;
  /** The instance's default project: also what trackers sent with the account's key. */
  isDefault: boolean;
}

/**
 * The project `siteId` names among the instance's (absent: the instance's default project, whose
 * id is the instance's), for a caller who reaches the instance; a project of another instance, or
 * one the caller does not reach, is a 404 as the instance's own would be.
 */
export async function siteOfInstance(db: Db, p: Principal, instanceId: string, siteId: string | undefined): Promise<SiteOfInstance> {
  const row = await projectsRepo(db).find(instanceScopeOf(p), siteId ?? instanceId);
  if (!row || row.instanceId !== instanceId) throw notFound(PROJECT_MESSAGES.notFound);
  return { id: row.id, isDefault: row.isDefault };
}
