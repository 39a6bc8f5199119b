import type { FastifyPluginAsync } from 'fastify';
import type { EventConsumer } from '../events/consumer';
import type { BackgroundWork, CommitOutbox, JobDefinition, Schedule, StartupTask } from '../jobs/job-types';

/**
 * What one module of the console brings, in one place: the composition root, the workers and
 * the consumer registry loop over the list of these (modules/index.ts), so adding a domain is a
 * folder and a line there. The kernel folders (jobs, events, plugins, lib) name no module.
 */
export interface ModuleManifest {
  /** The module's folder name. */
  name: string;
  /** Its API routes, mounted under /api in the order of the list, then of this array. */
  routes?: readonly FastifyPluginAsync[];
  /** Routes outside /api (probes, hosted invoice pages), mounted before the web app's. */
  rootRoutes?: readonly FastifyPluginAsync[];
  /** Hooks on every request (the audit trail), registered before any route. */
  requestHooks?: readonly FastifyPluginAsync[];
  jobs?: readonly JobDefinition[];
  schedules?: readonly Schedule[];
  /** Run once per process start, after the queues exist and before any job. */
  startupTasks?: readonly StartupTask[];
  /** Tables its changes write and a job delivers after the commit. */
  outboxes?: readonly CommitOutbox[];
  consumers?: readonly EventConsumer[];
}

/** Declares a module (typed, and the one shape every manifest file has). */
export const defineModule = (manifest: ModuleManifest): ModuleManifest => manifest;

/** The background work of every module, in the list's order. */
export function backgroundWorkOf(manifests: readonly ModuleManifest[]): BackgroundWork {
  return {
    jobs: manifests.flatMap((m) => m.jobs ?? []),
    schedules: manifests.flatMap((m) => m.schedules ?? []),
    startupTasks: manifests.flatMap((m) => m.startupTasks ?? []),
    outboxes: manifests.flatMap((m) => m.outboxes ?? []),
  };
}
