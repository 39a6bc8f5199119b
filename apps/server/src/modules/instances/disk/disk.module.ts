import { serverModule, type DepsOf } from '../../../platform/server-module';
import type { InstancesCore } from '../core/core.module';
import { createDiskService } from './instances.disk';
import { diskRoutes } from './disk.routes';

/** Disk increases and the clean-up of an instance’s disk. */
export const diskModule = serverModule({
  name: 'instances/disk',
  services: (ctx, uses: InstancesCore & { accountSources: Pick<DepsOf<typeof createDiskService>, 'hasBillingDetails'> }) => ({
    disk: createDiskService({
      database: ctx.database,
      driver: ctx.driver,
      clock: ctx.clock,
      enqueue: uses.enqueueWorkflow,
      instances: uses.instances,
      hasBillingDetails: uses.accountSources.hasBillingDetails,
    }),
  }),
  api: [diskRoutes],
});
