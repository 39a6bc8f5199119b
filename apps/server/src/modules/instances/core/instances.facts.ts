import { and, count, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { instances } from '../../../db/schema';
import { instancesRepo } from './instances.repo';

/** What other modules may ask about an account's instances, without reaching into this module's repo. */
export function countLiveInstances(db: Db, tenantId: string): Promise<number> {
  return instancesRepo(db).countLive(tenantId);
}

/** Every running instance's id, across accounts: what the metrics round samples. */
export async function runningInstanceIds(db: Db): Promise<string[]> {
  const rows = await db.select({ instanceId: instances.instanceId }).from(instances).where(eq(instances.status, 'running'));
  return rows.map((r) => r.instanceId);
}

/** Running instances, across accounts, whose agent passed its last health check: the console's `agents up`. */
export async function countHealthyRunning(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(instances)
    .where(and(eq(instances.status, 'running'), eq(instances.healthy, true)));
  return row?.n ?? 0;
}

/** Every instance that may still hold metrics newer than `since`: all but those terminated before it. */
export async function instanceIdsLiveSince(db: Db, since: Date): Promise<string[]> {
  const rows = await db
    .select({ instanceId: instances.instanceId })
    .from(instances)
    .where(or(isNull(instances.deletedAt), gt(instances.deletedAt, since)));
  return rows.map((r) => r.instanceId);
}

/** The account's running instances: those the workflow gives a new save of an account-wide setting at once (a stopped one gets it when it runs). */
export async function runningInstanceIdsOf(db: Db, tenantId: string): Promise<string[]> {
  const rows = await db
    .select({ instanceId: instances.instanceId })
    .from(instances)
    .where(and(eq(instances.tenantId, tenantId), eq(instances.status, 'running')));
  return rows.map((r) => r.instanceId);
}

/**
 * A project of the instance was made or deleted: its key set's version counts up, in the caller's
 * transaction, so the config step gives the agent the new set. Answers the instance's status (the
 * caller asks the workflow to run for a running one; a stopped one gets the set when it runs).
 */
export async function countProjectKeysUp(tx: Db, instanceId: string): Promise<string | null> {
  const [row] = await tx
    .update(instances)
    .set({ projectKeysVersion: sql`${instances.projectKeysVersion} + 1` })
    .where(eq(instances.instanceId, instanceId))
    .returning({ status: instances.status });
  return row?.status ?? null;
}

/** The instance's applied version of each account-wide setting: the session settings' capture part, the logger options. */
const APPLIED_VERSION = { capture: instances.captureAppliedVersion, logger: instances.loggerAppliedVersion } as const;
export type AccountSettingKey = keyof typeof APPLIED_VERSION;

/** Whether a running instance of the account has not yet taken an account-wide setting (`capture`, `logger`) at `version`. */
export async function accountSettingPendingIn(db: Db, tenantId: string, setting: AccountSettingKey, version: number): Promise<boolean> {
  const [row] = await db
    .select({ instanceId: instances.instanceId })
    .from(instances)
    .where(and(eq(instances.tenantId, tenantId), eq(instances.status, 'running'), ne(APPLIED_VERSION[setting], version)))
    .limit(1);
  return row !== undefined;
}
