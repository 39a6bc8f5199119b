import { serverModule, type DepsOf } from '../../../platform/server-module';
import { versionRegistryOf } from '../../../infra/versions';
import { workflowEnqueuer } from '../workflow/instances.jobs';
import { createInstancesService } from './instances.service';
import { createInstanceChecksService } from './instance-checks.service';
import { countProjectKeysUp } from './instances.facts';
import { trialInstancesOf } from './instances.trial-end';
import { instancesRoutes } from './instances.routes';

/**
 * The instances' core: the row, its lifecycle, and what every operation shares: the workflow's
 * enqueuer and the registry of versions.
 */
export const instancesCoreModule = serverModule({
  name: 'instances/core',
  // The account module's sources, by the one this module reads (typed as its service takes it): instances/ never names account/.
  services: (ctx, uses: { accountSources: Pick<DepsOf<typeof createInstancesService>, 'hasBillingDetails'> }) => {
    const enqueueWorkflow = workflowEnqueuer(ctx.boss);
    const versionRegistry = versionRegistryOf(ctx.env);
    const instances = createInstancesService({
      database: ctx.database,
      driver: ctx.driver,
      clock: ctx.clock,
      enqueue: enqueueWorkflow,
      newInstanceVersion: versionRegistry.forNewInstances,
      hasBillingDetails: uses.accountSources.hasBillingDetails,
    });
    // countProjectKeysUp: what projects/ counts up when a key is made or deleted (its ProjectsInstancesPort);
    // trialInstances: what billing's trial round asks of the instances (its TrialInstancesPort).
    const trialInstances = trialInstancesOf({ db: ctx.db, clock: ctx.clock, enqueue: enqueueWorkflow });
    return { enqueueWorkflow, versionRegistry, instances, countProjectKeysUp, trialInstances, instanceChecks: createInstanceChecksService({ db: ctx.db, driver: ctx.driver, instances }) };
  },
  api: [instancesRoutes],
});

/** What an instance operation's manifest takes from the core. */
export type InstancesCore = Pick<ReturnType<NonNullable<(typeof instancesCoreModule)['services']>>, 'instances' | 'enqueueWorkflow' | 'versionRegistry'>;
