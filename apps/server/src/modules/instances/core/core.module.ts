import { serverModule } from '../../../lib/server-module';
import type { AccountSources } from '../../account/account.service';
import { versionRegistryOf } from '../../../infra/versions';
import { workflowEnqueuer } from '../workflow/instances.jobs';
import { createInstancesService } from './instances.service';
import { createInstanceChecksService } from './instance-checks.service';
import { instancesRoutes } from './instances.routes';

/**
 * The instances' core: the row, its lifecycle, and what every operation shares: the workflow's
 * enqueuer and the registry of versions.
 */
export const instancesCoreModule = serverModule({
  name: 'instances/core',
  services: (ctx, uses: { accountSources: AccountSources }) => {
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
    return { enqueueWorkflow, versionRegistry, instances, instanceChecks: createInstanceChecksService({ db: ctx.db, driver: ctx.driver, instances }) };
  },
  api: [instancesRoutes],
});

/** What an instance operation's manifest takes from the core. */
export type InstancesCore = Pick<ReturnType<NonNullable<(typeof instancesCoreModule)['services']>>, 'instances' | 'enqueueWorkflow' | 'versionRegistry'>;
