import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

export interface QueueBacklog {
  queue: string;
  /** Jobs due to run (created, or waiting for a retry, whose start time has come). */
  depth: number;
  /** Seconds the longest-waiting due job has waited since it could start. */
  oldestAgeSeconds: number;
}

/** What the scrape reads from the database: the same answer from every console process. */
export function probesRepo(db: Db) {
  return {
    async ping(): Promise<void> {
      await db.execute(sql`select 1`);
    },

    /** pg-boss's own table (schema `pgboss`): its cached queue counts lag by a monitoring interval and carry no age. */
    async queueBacklog(): Promise<QueueBacklog[]> {
      const result = await db.execute(sql`
        select name as queue, count(*)::int as depth, extract(epoch from now() - min(start_after))::float8 as "oldestAgeSeconds"
        from pgboss.job where state in ('created', 'retry') and start_after <= now() group by name`);
      return (result as unknown as { rows: QueueBacklog[] }).rows;
    },
  };
}

export type ProbesRepo = ReturnType<typeof probesRepo>;
