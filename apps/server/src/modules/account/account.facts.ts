import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tenants } from '../../db/schema';

/** The account's name as its people see it (mails name it); '' for no such account. */
export async function accountNameOf(db: Db, tenantId: string): Promise<string> {
  const [row] = await db.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, tenantId)).limit(1);
  return row?.name ?? '';
}
