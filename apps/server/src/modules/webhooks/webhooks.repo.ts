import { and, asc, count, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { webhookAttempts, webhookDeliveries, webhooks } from '../../db/schema';

export type WebhookRow = typeof webhooks.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type AttemptRow = typeof webhookAttempts.$inferSelect;
export type NewDelivery = typeof webhookDeliveries.$inferInsert;

/**
 * The webhooks' rows, their deliveries and the delivery log. Every read a member
 * makes names the account (`tenantId`): another account's id finds nothing. The
 * sender's reads (`claimDue`, `forDelivery`) act for the console. `db` may be a
 * transaction.
 */
/** The account's webhook of that id (another account's is never matched). */
const ownWebhook = (tenantId: string, id: string) => and(eq(webhooks.tenantId, tenantId), eq(webhooks.id, id));
/** A webhook that is marked failing. */
const markedFailing = (id: string) => and(eq(webhooks.id, id), sql`${webhooks.failingSince} is not null`);
const RECOVERED = { failingSince: null };

export function webhooksRepo(db: Db) {
  return {
    async list(tenantId: string): Promise<WebhookRow[]> {
      return db.select().from(webhooks).where(eq(webhooks.tenantId, tenantId)).orderBy(asc(webhooks.createdAt), asc(webhooks.id));
    },

    async any(tenantId: string): Promise<boolean> {
      const [row] = await db.select({ id: webhooks.id }).from(webhooks).where(eq(webhooks.tenantId, tenantId)).limit(1);
      return Boolean(row);
    },

    async find(tenantId: string, id: string): Promise<WebhookRow | null> {
      const [row] = await db.select().from(webhooks).where(ownWebhook(tenantId, id));
      return row ?? null;
    },

    async insert(row: typeof webhooks.$inferInsert): Promise<WebhookRow> {
      const [created] = await db.insert(webhooks).values(row).returning();
      return created!;
    },

    async update(tenantId: string, id: string, set: Partial<typeof webhooks.$inferInsert>): Promise<WebhookRow | null> {
      const [row] = await db.update(webhooks).set(set).where(ownWebhook(tenantId, id)).returning();
      return row ?? null;
    },

    async remove(tenantId: string, id: string): Promise<WebhookRow | null> {
      const [row] = await db.delete(webhooks).where(ownWebhook(tenantId, id)).returning();
      return row ?? null;
    },

    /** The account's enabled endpoints subscribed to an event type (the consumer's fan-out). */
    async subscribedTo(tenantId: string, eventType: string): Promise<WebhookRow[]> {
      return db
        .select()
        .from(webhooks)
        .where(and(eq(webhooks.tenantId, tenantId), eq(webhooks.enabled, true), sql`${webhooks.eventTypes} @> ${JSON.stringify([eventType])}::jsonb`));
    },

    /** Deliveries keyed by event and endpoint: an event handed over twice writes each once. */
    async addDeliveries(rows: NewDelivery[]): Promise<void> {
      if (rows.length > 0) await db.insert(webhookDeliveries).values(rows).onConflictDoNothing();
    },

    async delivery(tenantId: string, webhookId: string, id: string): Promise<DeliveryRow | null> {
      const [row] = await db
        .select()
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.tenantId, tenantId), eq(webhookDeliveries.webhookId, webhookId), eq(webhookDeliveries.id, id)));
      return row ?? null;
    },

    /** A page of an endpoint's deliveries, newest first, with their attempts. */
    async deliveries(tenantId: string, webhookId: string, page: number, limit: number): Promise<{ rows: DeliveryRow[]; attempts: AttemptRow[]; total: number }> {
      const where = and(eq(webhookDeliveries.tenantId, tenantId), eq(webhookDeliveries.webhookId, webhookId));
      const rows = await db
        .select()
        .from(webhookDeliveries)
        .where(where)
        .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
        .limit(limit)
        .offset((page - 1) * limit);
      const [{ total }] = (await db.select({ total: count() }).from(webhookDeliveries).where(where)) as [{ total: number }];
      const ids = rows.map((r) => r.id);
      const attempts = ids.length ? await db.select().from(webhookAttempts).where(inArray(webhookAttempts.deliveryId, ids)).orderBy(asc(webhookAttempts.attempt)) : [];
      return { rows, attempts, total: Number(total) };
    },

    /**
     * Claims up to `limit` due deliveries of enabled endpoints: each one's attempt count
     * goes up and its next attempt moves to `leaseUntil`, in one statement under
     * `for update skip locked`, so another sender skips them while this runs and finds
     * them not due after; a sender that dies leaves them due again at `leaseUntil`.
     */
    async claimDue(now: Date, leaseUntil: Date, limit: number): Promise<DeliveryRow[]> {
      const due = db
        .select({ id: webhookDeliveries.id })
        .from(webhookDeliveries)
        .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
        .where(and(eq(webhookDeliveries.status, 'pending'), lte(webhookDeliveries.nextAttemptAt, now), eq(webhooks.enabled, true)))
        .orderBy(asc(webhookDeliveries.nextAttemptAt))
        .limit(limit)
        .for('update', { of: webhookDeliveries, skipLocked: true });
      return db
        .update(webhookDeliveries)
        .set({ attempts: sql`${webhookDeliveries.attempts} + 1`, nextAttemptAt: leaseUntil })
        .where(inArray(webhookDeliveries.id, due))
        .returning();
    },

    /** The endpoints of a claimed batch, in one read. */
    async forDeliveries(webhookIds: string[]): Promise<WebhookRow[]> {
      return webhookIds.length ? db.select().from(webhooks).where(inArray(webhooks.id, webhookIds)) : [];
    },

    /**
     * An attempt's outcome and its log line, in one statement (one round trip: the sender's
     * cost per delivery), only while the claim is still this sender's (its attempt number,
     * still pending: not disabled or deleted meanwhile). False when it was not.
     */
    async settle(
      delivery: { id: string; attempt: number },
      set: Pick<DeliveryRow, 'status' | 'nextAttemptAt'>,
      log: Omit<typeof webhookAttempts.$inferInsert, 'deliveryId' | 'attempt'> & { id: string; at: Date },
    ): Promise<boolean> {
      const result = await db.execute(sql`
        with settled as (
          update ${webhookDeliveries} set status = ${set.status}, next_attempt_at = ${set.nextAttemptAt ? set.nextAttemptAt.toISOString() : null}::timestamptz
          where id = ${delivery.id} and attempts = ${delivery.attempt} and status = 'pending'
          returning id
        )
        insert into ${webhookAttempts} (id, delivery_id, attempt, at, request_headers, response_status, response_body, error, duration_ms)
        select ${log.id}, settled.id, ${delivery.attempt}, ${log.at.toISOString()}::timestamptz, ${JSON.stringify(log.requestHeaders)}::jsonb,
          ${log.responseStatus ?? null}::int, ${log.responseBody ?? null}, ${log.error ?? null}, ${log.durationMs}
        from settled
        on conflict do nothing
        returning id`);
      return (result as unknown as { rows: unknown[] }).rows.length > 0;
    },

    /** A success clears the endpoint's failing streak. */
    async markSucceeded(webhookId: string): Promise<void> {
      await db.update(webhooks).set(RECOVERED).where(markedFailing(webhookId));
    },

    /** A failure starts the streak if none runs; answers when the streak began. */
    async markFailed(webhookId: string, at: Date): Promise<Date | null> {
      const [row] = await db
        .update(webhooks)
        .set({ failingSince: sql`coalesce(${webhooks.failingSince}, ${at.toISOString()}::timestamptz)` })
        .where(eq(webhooks.id, webhookId))
        .returning({ failingSince: webhooks.failingSince });
      return row?.failingSince ?? null;
    },

    /** Disables an enabled endpoint and fails what waited for it; null when it was no longer enabled. */
    async disable(webhookId: string, at: Date): Promise<WebhookRow | null> {
      const [row] = await db
        .update(webhooks)
        .set({ enabled: false, disabledAt: at, updatedAt: at })
        .where(and(eq(webhooks.id, webhookId), eq(webhooks.enabled, true)))
        .returning();
      if (!row) return null;
      await db
        .update(webhookDeliveries)
        .set({ status: 'failed', nextAttemptAt: null })
        .where(and(eq(webhookDeliveries.webhookId, webhookId), eq(webhookDeliveries.status, 'pending')));
      return row;
    },
  };
}

/** Finished deliveries (and, by cascade, their attempts) created before `before`, a batch at a time; answers how many went. */
export async function purgeFinishedDeliveries(db: Db, before: Date, batch = 1000): Promise<number> {
  const gone = await db.execute(sql`
    delete from ${webhookDeliveries} where ${webhookDeliveries.id} in (
      select ${webhookDeliveries.id} from ${webhookDeliveries}
      where ${webhookDeliveries.status} <> 'pending' and ${webhookDeliveries.createdAt} < ${before.toISOString()}
      limit ${batch})
    returning 1`);
  return (gone as unknown as { rows: unknown[] }).rows.length;
}
