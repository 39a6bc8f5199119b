import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../src/app';
import { openRuntime, type Runtime } from '../../src/bootstrap';
import { parseEnv } from '../../src/config/env';
import type { CaptchaVerifier } from '../../src/modules/auth/captcha';
import type { InfrastructureDriver } from '../../src/infra/driver';
import type { EventConsumer } from '../../src/events/consumer';
import { openPostgres } from '../../src/db/client';
import { openTestDatabase } from './database';
import { createLogger, type Logger } from '../../src/lib/logger';
import type { ServerModule } from '../../src/platform/server-module';
import type { Clock } from '../../src/lib/time';

/** A clock tests can move; starts at the real now. */
export class TestClock implements Clock {
  private offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

export interface TestApp {
  app: FastifyInstance;
  runtime: Runtime;
  clock: TestClock;
  close(): Promise<void>;
}

/** The operators' token of every test console (OPERATOR_TOKEN): the operator routes' one credential. */
export const TEST_OPERATOR_TOKEN = 'test-operator-token-test-operator-token-0123';

const TEST_ENV = {
  OPERATOR_TOKEN: TEST_OPERATOR_TOKEN,
  JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
  LOG_LEVEL: 'silent',
  RUN_WORKERS: 'false',
  DAILY_BACKUPS: 'false',
  STRICT_RESPONSES: 'true',
};

/**
 * The real server (routes, guard, services, database, job queue) on a fresh
 * database, driven through fastify.inject. Its data folder is a fresh one
 * (removed on close) unless DATA_DIR is given.
 */
export async function createTestApp(
  envOverrides: Record<string, string> = {},
  opts: {
    captcha?: CaptchaVerifier;
    driver?: InfrastructureDriver;
    logger?: FastifyServerOptions['logger'];
    eventConsumers?: readonly EventConsumer[];
    /** The process's logger (start-up, jobs), where a test reads what the console said at boot. */
    runtimeLogger?: Logger;
    /** Replaces the server modules (a test adding one of its own). */
    modules?: readonly ServerModule<object, never>[];
  } = {},
): Promise<TestApp> {
  const ownDataDir = envOverrides.DATA_DIR ? null : mkdtempSync(join(tmpdir(), 'console-test-'));
  const env = parseEnv({ ...TEST_ENV, ...(ownDataDir ? { DATA_DIR: ownDataDir } : {}), ...envOverrides });
  const clock = new TestClock();
  const database = await openTestDatabase();
  const runtime = await openRuntime(env, { clock, database, driver: opts.driver, eventConsumers: opts.eventConsumers, logger: opts.runtimeLogger, modules: opts.modules, captcha: opts.captcha });
  const app = await buildApp(runtime.ctx, { logger: opts.logger ?? false, modules: runtime.modules, services: runtime.services });
  await app.ready();
  return {
    app,
    runtime,
    clock,
    async close() {
      await app.close();
      await runtime.stop();
      if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A second console process's view of the same database, as when several
 * consoles share one PostgreSQL: its own connection pool (on PGlite, which
 * one process holds, the same handle), its own Fastify instance and caches.
 */
export async function createPeerApp(
  t: TestApp,
  opts: { eventConsumers?: readonly EventConsumer[]; driver?: InfrastructureDriver; runWorkers?: boolean } = {},
): Promise<{ app: FastifyInstance; runtime: Runtime; close(): Promise<void> }> {
  const shared = t.runtime.ctx.database;
  const database = shared.kind === 'postgres' ? await openPostgres(shared.url, createLogger('warn'), 3) : { ...shared, close: async () => undefined };
  const eventConsumers = opts.eventConsumers ?? t.runtime.ctx.eventConsumers;
  const env = opts.runWorkers === undefined ? t.runtime.ctx.env : { ...t.runtime.ctx.env, RUN_WORKERS: opts.runWorkers };
  const runtime = await openRuntime(env, { clock: t.clock, database, eventConsumers, driver: opts.driver, modules: t.runtime.modules });
  const app = await buildApp(runtime.ctx, { logger: false, modules: runtime.modules, services: runtime.services });
  await app.ready();
  return {
    app,
    runtime,
    async close() {
      // A test client's aborted stream may leave its socket open (Node's fetch keeps it, depending on which
      // undici created the global dispatcher first); the peer is done, so nothing it holds is waited for.
      app.server.closeAllConnections();
      await app.close();
      await runtime.stop();
    },
  };
}
