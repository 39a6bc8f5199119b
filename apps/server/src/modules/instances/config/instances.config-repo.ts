import { and, asc, eq, ne } from 'drizzle-orm';
import type { AccessEntry, RetentionDays } from '@replay/contracts';
import type { Db } from '../../../db/client';
import { instances, type SsoIdp } from '../../../db/schema';
import type { Principal } from '../../../lib/principal';
import type { InstanceRow } from '../core/instances.repo';

/**
 * The configuration's compare-and-sets. A member's save counts its setting's version up
 * from the one it was judged on; the workflow's config step marks the versions it applied.
 * Callers have judged the row in the member's scope. `db` may be a transaction.
 */
export function configRepo(db: Db) {
  const VERSIONS = {
    cors: { column: instances.corsVersion, current: (row: InstanceRow) => row.corsVersion, counted: (n: number, at: Date) => ({ corsVersion: n, corsUpdatedAt: at }) },
    retention: {
      column: instances.retentionVersion,
      current: (row: InstanceRow) => row.retentionVersion,
      counted: (n: number, at: Date) => ({ retentionVersion: n, retentionUpdatedAt: at }),
    },
    accessList: {
      column: instances.accessListVersion,
      current: (row: InstanceRow) => row.accessListVersion,
      counted: (n: number, at: Date) => ({ accessListVersion: n, accessListUpdatedAt: at }),
    },
    sso: { column: instances.ssoVersion, current: (row: InstanceRow) => row.ssoVersion, counted: (n: number, at: Date) => ({ ssoVersion: n, ssoUpdatedAt: at }) },
  } as const;
  const save = async (p: Principal, row: InstanceRow, change: Partial<InstanceRow>, version: keyof typeof VERSIONS, at: Date) => {
    const { column } = VERSIONS[version];
    const current = VERSIONS[version].current(row);
    const counted = VERSIONS[version].counted(current + 1, at);
    const [saved] = await db
      .update(instances)
      .set({ ...change, ...counted, updatedAt: at, updatedBy: p.userId })
      .where(and(eq(instances.instanceId, row.instanceId), eq(instances.tenantId, p.tenantId), eq(column, current), ne(instances.status, 'terminated')))
      .returning();
    return saved ?? null;
  };
  return {
    /** The account's instances a configuration can still change (not terminated), oldest first. */
    async configurableOf(tenantId: string): Promise<{ instanceId: string; name: string }[]> {
      return db
        .select({ instanceId: instances.instanceId, name: instances.name })
        .from(instances)
        .where(and(eq(instances.tenantId, tenantId), ne(instances.status, 'terminated')))
        .orderBy(asc(instances.createdAt), asc(instances.instanceId));
    },

    /** The CORS origins; null when another save or a termination came first. */
    saveCors: (p: Principal, row: InstanceRow, origins: string[], at: Date) => save(p, row, { corsOrigins: origins }, 'cors', at),

    /** The data retention (null: unlimited); null when another save or a termination came first. */
    saveRetention: (p: Principal, row: InstanceRow, days: RetentionDays, at: Date) => save(p, row, { retentionDays: days }, 'retention', at),

    /** The network access list (empty: open); null when another save or a termination came first. */
    saveAccessList: (p: Principal, row: InstanceRow, entries: AccessEntry[], at: Date) => save(p, row, { accessList: entries }, 'accessList', at),

    /** The SSO identity provider (null: none) and enforcement; null when another save or a termination came first. */
    saveSso: (p: Principal, row: InstanceRow, idp: SsoIdp | null, enforce: boolean, at: Date) => save(p, row, { ssoIdp: idp, ssoEnforce: enforce }, 'sso', at),

    /** Marks the versions the step read as applied, once: a second run (after a crash) or an older read changes nothing. */
    async settleConfig(row: InstanceRow & { capture: { version: number }; logger: { version: number } }): Promise<InstanceRow | null> {
      const [settled] = await db
        .update(instances)
        .set({
          corsAppliedVersion: row.corsVersion,
          retentionAppliedVersion: row.retentionVersion,
          ssoAppliedVersion: row.ssoVersion,
          accessListAppliedVersion: row.accessListVersion,
          captureAppliedVersion: row.capture.version,
          loggerAppliedVersion: row.logger.version,
          projectKeysAppliedVersion: row.projectKeysVersion,
        })
        .where(
          and(
            eq(instances.instanceId, row.instanceId),
            eq(instances.corsAppliedVersion, row.corsAppliedVersion),
            eq(instances.retentionAppliedVersion, row.retentionAppliedVersion),
            eq(instances.ssoAppliedVersion, row.ssoAppliedVersion),
            eq(instances.accessListAppliedVersion, row.accessListAppliedVersion),
            eq(instances.captureAppliedVersion, row.captureAppliedVersion),
            eq(instances.loggerAppliedVersion, row.loggerAppliedVersion),
            eq(instances.projectKeysAppliedVersion, row.projectKeysAppliedVersion),
          ),
        )
        .returning();
      return settled ?? null;
    },
  };
}
