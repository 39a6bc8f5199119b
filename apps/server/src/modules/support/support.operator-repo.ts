import { and, asc, desc, eq, like, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { consoleActivities, instances, supportConversations, tenants } from '../../db/schema';
import { hasBillingAccount } from '../billing/billing.facts';

/** Failures shown beside a thread: the account's latest activity lines of a failed step. */
const RECENT_FAILURES = 10;

/**
 * The operators' reads across accounts (guard 'operator' only): the queue of conversations and
 * what an operator sees beside a thread. Nothing here is reachable by a member.
 */
export function supportOperatorRepo(db: Db) {
  return {
    /** Waiting longest first (null waiting, answered, after), then the latest message first. */
    async queue(status: 'open' | 'closed') {
      return db
        .select({
          id: supportConversations.id,
          tenantId: supportConversations.tenantId,
          accountName: tenants.name,
          subject: supportConversations.subject,
          status: supportConversations.status,
          instanceName: instances.name,
          waitingSince: supportConversations.waitingSince,
          lastMessageAt: supportConversations.lastMessageAt,
        })
        .from(supportConversations)
        .innerJoin(tenants, eq(tenants.id, supportConversations.tenantId))
        .leftJoin(instances, eq(instances.instanceId, supportConversations.instanceId))
        .where(eq(supportConversations.status, status))
        .orderBy(sql`${supportConversations.waitingSince} asc nulls last`, desc(supportConversations.lastMessageAt), asc(supportConversations.id))
        .limit(500);
    },

    /** The account beside a thread: its plan, its instances and its latest failures. */
    async accountContext(tenantId: string) {
      // Independent reads: side by side on a pool (PGlite queues them on its one connection).
      const [[account], paying, ofAccount, failures] = await Promise.all([
        db.select({ name: tenants.name, edition: tenants.edition, trialEndsAt: tenants.trialEndsAt }).from(tenants).where(eq(tenants.id, tenantId)),
        // Billing's own rule for a paying account (billing details on file), not a second copy of it.
        hasBillingAccount(db, tenantId),
        db
          .select({ id: instances.instanceId, name: instances.name, status: instances.status, size: instances.size })
          .from(instances)
          .where(and(eq(instances.tenantId, tenantId), ne(instances.status, 'terminated')))
          .orderBy(asc(instances.createdAt)),
        db
          .select({ action: consoleActivities.action, message: consoleActivities.message, instanceName: consoleActivities.instanceName, at: consoleActivities.createdAt })
          .from(consoleActivities)
          .where(and(eq(consoleActivities.tenantId, tenantId), or(like(consoleActivities.action, '%fail%'), like(consoleActivities.action, '%unhealthy%'))))
          .orderBy(desc(consoleActivities.createdAt))
          .limit(RECENT_FAILURES),
      ]);
      return { account: { ...account!, paying }, instances: ofAccount, failures };
    },
  };
}
