import { integer, pgTable, text, timestamp, index } from 'drizzle-orm/pg-core';

/**
 * The console processes sharing this database, each beating its row every few seconds
 * (jobs/process-heartbeat.ts). A process whose row is missing or stale is dead: the work it
 * held (an instance's workflow lease) is taken over at once instead of when its lease expires.
 */
export const consoleProcesses = pgTable(
  'console_processes',
  {
    /** The process's identity (lib/process-identity.ts): host, pid and a random part, new at each start. */
    id: text('id').primaryKey(),
    host: text('host').notNull(),
    pid: integer('pid').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('console_processes_heartbeat_idx').on(t.heartbeatAt)],
);
