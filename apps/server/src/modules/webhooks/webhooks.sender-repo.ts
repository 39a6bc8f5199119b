import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { webhookAttempts, webhookDeliveries, webhooks } from '../../db/schema';
import type { DeliveryRow, WebhookRow } from './webhooks.repo';

/** A webhook that is marked failing. */
const markedFailing = (id: string) => and(eq(webhooks.id, id), sql`${webhooks.failingSince} is not null`);
const RECOVERED = { failingSince: null };

/**
 * The sender's side of the deliveries (webhooks.delivery.ts): it acts for the console, across
 * accounts, on what it claimed. `db` may be a transaction.
 */
export function webhookSenderRepo(db: Db) {
  return {
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
