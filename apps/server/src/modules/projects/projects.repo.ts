import { and, asc, count, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { instances, projects, tenants } from '../../db/schema';
import type { InstanceScope } from '../../lib/instance-scope';

export type ProjectRow = typeof projects.$inferSelect;
export type ProjectWithInstance = ProjectRow & { instanceName: string };

/** A project counts, and shows, while its instance is not terminated. */
const liveInstance = ne(instances.status, 'terminated');

/** The projects of the scope's live instances: another account's, or an instance outside the role's, is not there. */
function inScopeOf(scope: InstanceScope): SQL {
  const conditions = [eq(projects.tenantId, scope.tenantId), liveInstance];
  if (scope.ids !== null) conditions.push(scope.ids.length ? inArray(projects.instanceId, [...scope.ids]) : sql`false`);
  return and(...conditions)!;
}

const withInstance = { project: projects, instanceName: instances.name };
const flatten = (r: { project: ProjectRow; instanceName: string }): ProjectWithInstance => ({ ...r.project, instanceName: r.instanceName });

/** The projects' rows; every read a member makes takes their instance scope. `db` may be a transaction. */
export function projectsRepo(db: Db) {
  return {
    async list(scope: InstanceScope): Promise<ProjectWithInstance[]> {
      const rows = await db
        .select(withInstance)
        .from(projects)
        .innerJoin(instances, eq(instances.instanceId, projects.instanceId))
        .where(inScopeOf(scope))
        .orderBy(asc(projects.createdAt), asc(projects.id));
      return rows.map(flatten);
    },

    async find(scope: InstanceScope, id: string): Promise<ProjectWithInstance | null> {
      const [row] = await db
        .select(withInstance)
        .from(projects)
        .innerJoin(instances, eq(instances.instanceId, projects.instanceId))
        .where(and(inScopeOf(scope), eq(projects.id, id)));
      return row ? flatten(row) : null;
    },

    /** The instance a new project goes to, when the scope reaches it and it is not terminated. */
    async liveInstance(scope: InstanceScope, instanceId: string): Promise<{ instanceId: string; name: string } | null> {
      const conditions = [eq(instances.tenantId, scope.tenantId), eq(instances.instanceId, instanceId), liveInstance];
      const [row] = await db
        .select({ instanceId: instances.instanceId, name: instances.name })
        .from(instances)
        .where(and(...conditions));
      return row ?? null;
    },

    /** Locks the account's row: a project create and an instance create are judged against the limit one after the other. */
    async lockAccount(tenantId: string): Promise<void> {
      await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId)).for('update');
    },

    async countLive(tenantId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(projects)
        .innerJoin(instances, eq(instances.instanceId, projects.instanceId))
        .where(and(eq(projects.tenantId, tenantId), liveInstance));
      return row?.n ?? 0;
    },

    /** Every project's id and key of the instance, whoever asks: for the workflow only (projects.facts.ts' projectKeyDigestsOf). */
    async keysOf(instanceId: string): Promise<{ id: string; projectKey: string }[]> {
      return db.select({ id: projects.id, projectKey: projects.projectKey }).from(projects).where(eq(projects.instanceId, instanceId)).orderBy(asc(projects.createdAt), asc(projects.id));
    },

    async insert(row: typeof projects.$inferInsert): Promise<ProjectRow> {
      const [created] = await db.insert(projects).values(row).returning();
      return created!;
    },

    async rename(tenantId: string, id: string, name: string, at: Date): Promise<ProjectRow | null> {
      const [row] = await db
        .update(projects)
        .set({ name, updatedAt: at })
        .where(and(eq(projects.tenantId, tenantId), eq(projects.id, id)))
        .returning();
      return row ?? null;
    },

    /** Deletes a project that is not its instance's default; null when there was none such. */
    async removeNonDefault(tenantId: string, id: string): Promise<ProjectRow | null> {
      const [row] = await db
        .delete(projects)
        .where(and(eq(projects.tenantId, tenantId), eq(projects.id, id), eq(projects.isDefault, false)))
        .returning();
      return row ?? null;
    },
  };
}
