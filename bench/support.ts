/**
 * What the database benches share: a temporary PostgreSQL database of their own, and a real
 * console serving it over HTTP, signed in as a seeded member. One place, so every bench
 * measures the console configured alike (the same secrets, no workers, its GC tuning left
 * to the caller).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { openRuntime } from '../apps/server/src/bootstrap';
import { parseEnv } from '../apps/server/src/config/env';
import { openPostgres, type Database } from '../apps/server/src/db/client';
import { createLogger } from '../apps/server/src/lib/logger';
import { sql } from 'drizzle-orm';
import { DAY_MS, PERMISSIONS } from '@replay/contracts';
import { instances, roles, sessions, tenants, users } from '../apps/server/src/db/schema';
import { newId } from '../apps/server/src/lib/ids';
import { signAccessToken } from '../apps/server/src/lib/access-token';
import { freePort } from '../apps/server/src/lib/free-port';
import { ADMIN_URL, admin } from './postgres-admin';

const BENCH_SECRET = 'bench-secret-bench-secret-bench-secret-0123';

/**
 * Creates a database on the bench server (BENCH_DATABASE_URL), opens it, hands it to `use`,
 * and closes and drops it afterwards, whatever happened. A runtime given the database
 * closes it itself; closing it again here is harmless.
 */
export async function withTempDatabase<T>(use: (database: Database, url: string) => Promise<T>): Promise<T> {
  const name = `bench_${randomBytes(5).toString('hex')}`;
  await admin(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  let database: Database | undefined;
  try {
    database = await openPostgres(url.toString(), createLogger('warn'));
    return await use(database, url.toString());
  } finally {
    await database?.close().catch(() => undefined);
    await admin(`drop database if exists ${name} with (force)`);
  }
}

export type BenchConsole = {
  app: FastifyInstance;
  runtime: Awaited<ReturnType<typeof openRuntime>>;
  /** Where the console listens; its Host allow-list admits only this host name. */
  origin: string;
  /** A session of the member's and a 15-minute access token for it (a whole measurement fits in one token's life). */
  signIn(member: { userId: string; tenantId: string }): Promise<string>;
  /** Closes the app and the runtime (which closes the database it was given). */
  stop(): Promise<void>;
};

/** A console on the database, listening on a free loopback port, its workers off (the bench drives what it measures). */
export async function startBenchConsole(database: Database, databaseUrl: string, env: Record<string, string> = {}): Promise<BenchConsole> {
  const port = await freePort();
  const runtime = await openRuntime(
    parseEnv({ DATABASE_URL: databaseUrl, JWT_SECRET: BENCH_SECRET, LOG_LEVEL: 'silent', RUN_WORKERS: 'false', PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, ...env }),
    { database },
  );
  const app = await buildApp(runtime.ctx, { logger: false, modules: runtime.modules, services: runtime.services });
  await app.listen({ port, host: '127.0.0.1' });
  return {
    app,
    runtime,
    origin: app.listeningOrigin,
    async signIn(member) {
      const sessionId = randomUUID();
      await database.db.insert(sessions).values({ id: sessionId, userId: member.userId });
      return signAccessToken({ ...member, sessionId }, runtime.ctx.secrets.jwtSecret, 900, new Date());
    },
    async stop() {
      await app.close();
      await runtime.stop();
    },
  };
}

export interface SeededAccount {
  tenantId: string;
  roleId: string;
  userId: string;
  /** The account's index, 0 first. */
  i: number;
}

/**
 * `accounts` accounts, each with a signed-up owner (every permission) and `perAccount` running
 * instances made a minute apart, inserted in bulk; `instance` may change each instance's name or
 * status. Then `vacuum analyze`: what autovacuum would have done by the time a real table is this
 * big, which left to it runs during the measurement.
 */
export async function seedAccounts(
  database: Database,
  opts: { accounts: number; perAccount: number; instance?: (n: number) => { name?: string; status?: 'running' | 'stopped' } },
): Promise<SeededAccount[]> {
  const db = database.db;
  const now = new Date();
  const accounts = Array.from({ length: opts.accounts }, (_, i) => ({ tenantId: newId(), roleId: newId(), userId: newId(), i }));
  await db.insert(tenants).values(accounts.map((a) => ({ id: a.tenantId, name: `Account ${a.i}`, tenantKey: `tk-${a.tenantId}`, trialEndsAt: new Date(now.getTime() + 7 * DAY_MS) })));
  await db.insert(roles).values(accounts.map((a) => ({ id: a.roleId, tenantId: a.tenantId, name: 'Owner', permissions: [...PERMISSIONS], protected: true })));
  await db
    .insert(users)
    .values(accounts.map((a) => ({ id: a.userId, tenantId: a.tenantId, email: `owner${a.i}@bench.example`, name: `Owner ${a.i}`, admin: true, superAdmin: true, roleId: a.roleId, joinedAt: now })));
  for (const a of accounts) {
    await db.insert(instances).values(
      Array.from({ length: opts.perAccount }, (_, n) => ({
        instanceId: newId(),
        tenantId: a.tenantId,
        name: `Instance ${n}`,
        status: 'running' as const,
        provider: 'aws' as const,
        region: 'eu-west-1',
        size: 'small' as const,
        url: `a${a.i}-i${n}-${a.tenantId.slice(0, 8)}`,
        version: '1.21',
        diskSize: 120,
        healthy: true,
        createdAt: new Date(now.getTime() - n * 60_000),
        ...opts.instance?.(n),
      })),
    );
  }
  await db.execute(sql`vacuum analyze`);
  return accounts;
}
