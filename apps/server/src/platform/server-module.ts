import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from './context';
import type { EventConsumer } from '../events/consumer';
import type { CommitOutbox, JobDefinition, Schedule, StartupTask } from './job-types';

/**
 * Everything a server module adds to the console, declared in one file (`<domain>.module.ts`)
 * and listed once in `modules/index.ts`. The composition root, the app, the workers and the
 * event spine loop over that list; none of them names a module, so a new domain is one folder
 * and one line.
 */
export interface ServerModule<S extends object = object, U extends object = object> {
  /** Its folder under `modules/` (an instance's concern: `instances/<concern>`). */
  name: string;
  /**
   * Its services, built once per app by the composition root, in the list's order. `uses` holds
   * the services of the modules listed before it; reading one that none of them built throws at
   * start, naming it.
   */
  services?: (ctx: AppContext, uses: U) => S;
  /** Hooks on every request, registered before any route (the audit trail's). */
  hooks?: readonly FastifyPluginAsync[];
  /** Route plugins mounted under /api. */
  api?: readonly FastifyPluginAsync[];
  /** Route plugins outside /api: probes, hosted pages, operator commands. */
  pages?: readonly FastifyPluginAsync[];
  jobs?: readonly JobDefinition[];
  schedules?: readonly Schedule[];
  /** Run once when a process starts, after the queues exist and before any job runs. */
  startupTasks?: readonly StartupTask[];
  /** Tables a change writes in its transaction and a job delivers after the commit. */
  outboxes?: readonly CommitOutbox[];
  /** Consumers of domain events (in-transaction or after-commit). */
  consumers?: readonly EventConsumer[];
}

/** Types a manifest: its services' shape and what it uses are inferred from its factory. */
export function serverModule<S extends object = object, U extends object = object>(manifest: ServerModule<S, U>): ServerModule<S, U> {
  return manifest;
}

type ServicesOf<M> = M extends ServerModule<infer S, never> ? S : object;

/** The services of a list of manifests, as one object type (the composition root's `Services`). */
export type ServicesOfModules<L extends readonly unknown[]> = L extends readonly [infer Head, ...infer Rest] ? ServicesOf<Head> & ServicesOfModules<Rest> : object;

/** What a service factory takes: a manifest's `uses` picks from it the services it needs. */
export type DepsOf<F extends (deps: never) => unknown> = Parameters<F>[0];

/** What a service that mails links needs: the mailer, the console's address and the product's name. */
export const mailLinksOf = (ctx: AppContext) => ({ mailer: ctx.mailer, publicUrl: ctx.env.publicUrl, productName: ctx.env.PRODUCT_NAME });
