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

    /**
     * Every queue pg-boss knows, with its due jobs: 0 and 0 when none waits, so a dashboard or an
     * alert sees an idle queue as 0, not as a missing series. pg-boss's own tables (schema
     * `pgboss`): its cached queue counts lag by a monitoring interval and carry no age.
     */
    async queueBacklog(): Promise<QueueBacklog[]> {
      const result = await db.execute(sql`
        select q.name as queue, count(j.id)::int as depth,
          coalesce(extract(epoch from now() - min(j.start_after)), 0)::float8 as "oldestAgeSeconds"
        from pgboss.queue q
        left join pgboss.job j on j.name = q.name and j.state in ('created', 'retry') and j.start_after <= now()
        group by q.name`);
      return (result as unknown as { rows: QueueBacklog[] }).rows;
    },
  };
}

export type ProbesRepo = ReturnType<typeof probesRepo>;
