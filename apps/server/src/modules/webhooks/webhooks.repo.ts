import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { webhookAttempts, webhookDeliveries, webhooks } from '../../db/schema';

export type WebhookRow = typeof webhooks.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type AttemptRow = typeof webhookAttempts.$inferSelect;
export type NewDelivery = typeof webhookDeliveries.$inferInsert;

/**
 * The webhooks' rows, their deliveries and the delivery log, as members read and change
 * them. Every read names the account (`tenantId`): another account's id finds nothing.
 * The sender's reads and writes act for the console (webhooks.sender-repo.ts). `db` may
 * be a transaction.
 */
/** The account's webhook of that id (another account's is never matched). */
const ownWebhook = (tenantId: string, id: string) => and(eq(webhooks.tenantId, tenantId), eq(webhooks.id, id));

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
