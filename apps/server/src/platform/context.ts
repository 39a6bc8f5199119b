import type { PgBoss } from 'pg-boss';
import type { Env } from '../config/env';
import type { Database, Db } from '../db/client';
import type { EventConsumer } from '../events/consumer';
import type { InfrastructureDriver } from '../infra/driver';
import type { Mailer } from '../mail/mailer';
import type { Logger } from '../lib/logger';
import type { ConsoleMetrics } from '../lib/metrics';
import type { HostResolver } from '../lib/ssrf-guard';
import type { CommitSignals } from '../lib/commit-signals';
import type { Clock } from '../lib/time';

/** Checks an invisible-captcha answer; false for anything not positively verified. */
export interface CaptchaVerifier {
  verify(response: string, remoteIp: string): Promise<boolean>;
}

/** What every route module and service may depend on; built once per process. */
export interface AppContext {
  env: Env;
  database: Database;
  db: Db;
  boss: PgBoss | null;
  /** Mail leaves through here: queued in the change's transaction, sent by a job (or kept in the outbox table without SMTP). */
  mailer: Mailer;
  /** The after-commit consumers of domain events this process delivers to (events/consumers.ts; tests add their own). */
  eventConsumers: readonly EventConsumer[];
  /** Where hosted instances run (the local driver unless replaced). */
  driver: InfrastructureDriver;
  secrets: { jwtSecret: Uint8Array };
  clock: Clock;
  /** For work outside a request (jobs, start-up); a request logs through `request.log`. */
  logger: Logger;
  /** Replaces the reCAPTCHA check (tests); unset, the real one is used when the captcha is on. */
  captcha?: CaptchaVerifier;
  /** The console's own metrics (lib/metrics.ts), served at /metrics. */
  metrics: ConsoleMetrics;
  /** Commits this process hears of through the relay's one listening connection (live status streams subscribe). */
  commits: CommitSignals;
  /** Set when the process begins to shut down: /readyz answers 503 so that balancers stop sending it work. */
  lifecycle: { draining: boolean };
  /** Resolves the host names webhooks call (tests play DNS answers, rebinding included); unset, the system's resolver. */
  resolveHost?: HostResolver;
}
