import type { Env } from './config/env';
import { openPglite, openPostgres, type Database } from './db/client';
import { lockDataDir } from './db/data-dir-lock';
import { createBoss } from './jobs/boss';
import type { AppContext } from './platform/context';
import { loadSecrets } from './lib/secrets';
import { chainUnchainedRows } from './modules/audit/audit.chain';
import { createMailer, mailSealKey } from './mail/mailer';
import { join } from 'node:path';
import { startWorkers, workOf } from './jobs/workers';
import { startCommitRelay, type CommitRelay } from './jobs/commit-relay';
import { commitSignals } from './lib/commit-signals';
import type { EventConsumer } from './events/consumer';
import { afterCommitOf, useInTransactionConsumers } from './events/consumers';
import type { ServerModule } from './platform/server-module';
import { serverModules } from './modules';
import { createServices, type Services } from './composition';
import type { CaptchaVerifier } from './platform/context';
import { ensureCursors } from './events/fan-out';
import { createLogger, type Logger } from './lib/logger';
import { preparePrivateDataDir } from './db/private-dir';
import { createInfrastructureDriver, type InfrastructureDriver } from './infra';
import { createMetrics } from './lib/metrics';
import { measuredDriver } from './infra/measured-driver';
import { startHeartbeat } from './lib/process-heartbeat';
import { type Clock, systemClock } from './lib/time';

export interface Runtime {
  ctx: AppContext;
  /** The server modules this process runs: the app builds their services and routes (`buildApp`'s `modules`). */
  modules: readonly ServerModule<object, never>[];
  /** The modules' services, built once for the process: its jobs and outboxes use them, and so does its app (`buildApp`'s `services`). */
  services: Services;
  /** Delivers, in this process, every outbox (domain events, queued mail) until nothing committed before the call is left. */
  drain: CommitRelay['drain'];
  /** Stops jobs (those in flight get `jobGraceMs` to finish, 5 s by default) and closes the database. */
  stop(opts?: { jobGraceMs?: number }): Promise<void>;
}

export interface RuntimeOptions {
  clock?: Clock;
  database?: Database;
  driver?: InfrastructureDriver;
  logger?: Logger;
  /** Replaces the modules' after-commit consumers (tests). */
  eventConsumers?: readonly EventConsumer[];
  /** Replaces `serverModules` (a test adding a module of its own). */
  modules?: readonly ServerModule<object, never>[];
  /** Replaces the reCAPTCHA check (tests), before the services that use it are built. */
  captcha?: CaptchaVerifier;
}

/**
 * Opens everything a console process needs, in order: the data-folder lock,
 * the database (migrated), the secrets, pg-boss and its workers, then the
 * relay that starts each outbox's delivery at commit (jobs/commit-relay.ts).
 */
export async function openRuntime(env: Env, opts: RuntimeOptions = {}): Promise<Runtime> {
  // Before the lock, the database or an instance writes into it (on PostgreSQL it still holds the instances).
  preparePrivateDataDir(env.DATA_DIR);
  const logger = opts.logger ?? createLogger(env.LOG_LEVEL);
  const unlock = env.embedded && !opts.database ? lockDataDir(env.DATA_DIR) : () => undefined;
  const modules = opts.modules ?? serverModules;
  const work = workOf(modules);
  useInTransactionConsumers(work.consumers);
  try {
    const database = opts.database ?? (env.DATABASE_URL ? await openPostgres(env.DATABASE_URL, logger, env.DATABASE_POOL_SIZE) : await openPglite(join(env.DATA_DIR, 'pg')));
    const secrets = loadSecrets(env);
    // Rows written before the audit chain existed join it before this process writes any.
    const chained = await chainUnchainedRows(database.db);
    if (chained > 0) logger.info({ chained }, 'audit trail: chained the records written before the hash chain');
    const boss = env.RUN_WORKERS ? createBoss(database) : null;
    if (boss) {
      boss.on('error', (err) => logger.error({ err }, 'job queue error'));
      await boss.start();
    }
    const clock = opts.clock ?? systemClock;
    const metrics = createMetrics();
    const ctx: AppContext = {
      env,
      database,
      db: database.db,
      boss,
      secrets,
      clock,
      logger,
      mailer: createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, sealKey: mailSealKey(secrets.jwtSecret), clock }),
      eventConsumers: opts.eventConsumers ?? afterCommitOf(work.consumers),
      driver: measuredDriver(opts.driver ?? createInfrastructureDriver(env), metrics),
      metrics,
      lifecycle: { draining: false },
      commits: commitSignals(),
      ...(opts.captcha ? { captcha: opts.captcha } : {}),
    };
    const services = createServices(ctx, modules);
    // Said once at boot, before reconcile would fail on it: the console still serves everything else.
    const unreachable = await ctx.driver.checkReachable?.();
    if (unreachable) {
      logger.error(
        { driver: ctx.driver.kind },
        `The ${ctx.driver.kind} infrastructure cannot be reached: ${unreachable}. The console serves everything else; instance operations fail with a clear error until it can be reached, and their workflows retry.`,
      );
    }
    // Before any job runs: the other processes must see this one alive before it takes a lease.
    const heartbeat = await startHeartbeat(database.db, logger);
    await ensureCursors(database.db, ctx.eventConsumers);
    // Resumes unfinished instance workflows before any job runs (see modules/instances/workflow/instances.jobs.ts).
    const stopSchedules = await startWorkers(ctx, work, services);
    // After the queues exist: a commit from now on starts its delivery (a job, or here without one).
    const relay = await startCommitRelay(ctx, work.commitOutboxes, services);
    return {
      ctx,
      modules,
      services,
      drain: () => relay.drain(),
      async stop({ jobGraceMs = 5000 } = {}) {
        await relay.stop();
        stopSchedules();
        await boss?.stop({ graceful: true, timeout: jobGraceMs });
        await heartbeat.stop();
        await database.close();
        unlock();
      },
    };
  } catch (e) {
    unlock();
    throw e;
  }
}
