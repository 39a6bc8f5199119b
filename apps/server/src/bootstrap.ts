import type { Env } from './config/env';
import { openPglite, openPostgres, type Database } from './db/client';
import { lockDataDir } from './db/data-dir-lock';
import { createBoss } from './jobs/boss';
import type { AppContext, Clock } from './lib/context';
import { systemClock } from './lib/context';
import { loadSecrets } from './lib/secrets';
import { createMailer } from './mail/mailer';
import { join } from 'node:path';
import { startWorkers } from './jobs/workers';
import { createLogger, type Logger } from './lib/logger';
import { preparePrivateDataDir } from './lib/private-dir';
import { createInfrastructureDriver, type InfrastructureDriver } from './infra';

export interface Runtime {
  ctx: AppContext;
  stop(): Promise<void>;
}

/**
 * Opens everything a console process needs, in order: the data-folder lock,
 * the database (migrated), the secrets, pg-boss and its workers.
 */
export async function openRuntime(env: Env, opts: { clock?: Clock; database?: Database; driver?: InfrastructureDriver; logger?: Logger } = {}): Promise<Runtime> {
  // Before the lock, the database or an instance writes into it (on PostgreSQL it still holds the instances).
  preparePrivateDataDir(env.DATA_DIR);
  const logger = opts.logger ?? createLogger(env.LOG_LEVEL);
  const unlock = env.embedded && !opts.database ? lockDataDir(env.DATA_DIR) : () => undefined;
  try {
    const database =
      opts.database ?? (env.DATABASE_URL ? await openPostgres(env.DATABASE_URL, env.DATABASE_POOL_SIZE, logger) : await openPglite(join(env.DATA_DIR, 'pg')));
    const secrets = loadSecrets(env);
    const boss = env.RUN_WORKERS ? createBoss(database) : null;
    if (boss) {
      boss.on('error', (err) => logger.error({ err }, 'job queue error'));
      await boss.start();
    }
    const ctx: AppContext = {
      env,
      database,
      db: database.db,
      boss,
      secrets,
      clock: opts.clock ?? systemClock,
      logger,
      mailer: createMailer(database.db, { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM }),
      driver: opts.driver ?? createInfrastructureDriver(env),
    };
    // Resumes unfinished instance workflows before any job runs (see modules/instances/instances.jobs.ts).
    const stopSchedules = await startWorkers(ctx);
    return {
      ctx,
      async stop() {
        stopSchedules();
        await boss?.stop({ graceful: true, timeout: 5000 });
        await database.close();
        unlock();
      },
    };
  } catch (e) {
    unlock();
    throw e;
  }
}
