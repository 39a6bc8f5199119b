import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { billingAccounts } from '../../db/schema';

/** Whether the account has billing details: what the create gate and the trial read (other domains ask here). */
export async function hasBillingAccount(db: Db, tenantId: string): Promise<boolean> {
  const rows = await db.select({ tenantId: billingAccounts.tenantId }).from(billingAccounts).where(eq(billingAccounts.tenantId, tenantId)).limit(1);
  return rows.length === 1;
}
