import { and, eq, lt, notExists, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { billingAccounts, invoices, roles, tenants, users } from '../../db/schema';
import { budgetRepo } from './budget.repo';
import { spendOfAccount } from './budget.spend';

/** Whether the account has billing details: what the create gate and the trial read (other domains ask here). */
export async function hasBillingAccount(db: Db, tenantId: string): Promise<boolean> {
  const rows = await db.select({ tenantId: billingAccounts.tenantId }).from(billingAccounts).where(eq(billingAccounts.tenantId, tenantId)).limit(1);
  return rows.length === 1;
}

/** A query's condition on `tenants`: the account has no billing details (the trial's end reads it, and the instances it stops). */
export const noBillingDetails = (db: Db) => notExists(db.select().from(billingAccounts).where(eq(billingAccounts.tenantId, tenants.id)));

/** Whether the account has an invoice still open past its due date: it may then create no instance. */
export async function hasPastDueInvoice(db: Db, tenantId: string, now: Date): Promise<boolean> {
  const rows = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.tenantId, tenantId), eq(invoices.status, 'open'), lt(invoices.dueAt, now)))
    .limit(1);
  return rows.length === 1;
}

/** Who hears about the account's billing: its admins and the members whose role may edit billing. */
export async function billingMembers(db: Db, tenantId: string): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.tenantId, tenantId), or(eq(users.admin, true), sql`'EDIT_BILLING' = any(${roles.permissions})`)));
  return rows.map((r) => r.email);
}

/**
 * Whether the account's spend budget stops it growing now: its hard stop is on and the running
 * period's spend, metered as its invoice will be, has reached the amount. Read live (not from the
 * round's records), so the refusal starts the moment the spend gets there. New instances and size
 * increases ask here (the instances' accept-change door); nothing running is ever stopped by it.
 */
export async function budgetStopsGrowth(db: Db, tenantId: string, at: Date): Promise<boolean> {
  const budget = await budgetRepo(db).budget(tenantId);
  if (!budget?.hardStop) return false;
  const spend = await spendOfAccount(db, tenantId, at.getTime());
  return spend !== null && spend.spend >= budget.amount;
}
