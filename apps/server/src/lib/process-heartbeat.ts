import { lt, sql, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { consoleProcesses } from '../db/schema';
import type { Logger } from './logger';
import { HOST, PROCESS_ID } from './process-identity';

/** How often a process beats; a beat is one upsert. */
export const HEARTBEAT_MS = 3000;
/** A process silent for this long is dead (three beats missed): what it held may be taken over. */
export const DEAD_AFTER_SECONDS = 10;
/** Rows of dead processes are removed after a day (kept that long for an operator's look). */
const FORGET_AFTER_MS = 24 * 3600 * 1000;

/** The identities of the processes alive now, by the database's clock (one clock for every process). */
export const liveProcessIds = sql`(select ${consoleProcesses.id} from ${consoleProcesses} where ${consoleProcesses.heartbeatAt} > now() - make_interval(secs => ${DEAD_AFTER_SECONDS}))`;

/**
 * Beats this process's row until stopped; stopping removes it, so the others know at once that
 * its work is free. A beat that fails (the database briefly away) is logged and the next one tries
 * again: missing beats for DEAD_AFTER_SECONDS is exactly what makes the others take over.
 */
export async function startHeartbeat(db: Db, logger: Pick<Logger, 'warn'>): Promise<{ stop(): Promise<void> }> {
  const beat = () =>
    db
      .insert(consoleProcesses)
      .values({ id: PROCESS_ID, host: HOST, pid: process.pid })
      .onConflictDoUpdate({ target: consoleProcesses.id, set: { heartbeatAt: sql`now()` } });
  await beat();
  await db.delete(consoleProcesses).where(lt(consoleProcesses.heartbeatAt, new Date(Date.now() - FORGET_AFTER_MS)));
  let beating: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    beating = beat().catch((err: unknown) => logger.warn({ err }, 'process heartbeat failed'));
  }, HEARTBEAT_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await beating;
      await db.delete(consoleProcesses).where(eq(consoleProcesses.id, PROCESS_ID));
    },
  };
}
