import { serverModule } from '../../../platform/server-module';
import type { InstancesCore } from '../core/core.module';
import { createVersionService } from './instances.version';
import { versionRoutes } from './version.routes';

/** Version upgrades, now or in the maintenance window. */
export const versionModule = serverModule({
  name: 'instances/version',
  services: (ctx, uses: InstancesCore) => ({
    versions: createVersionService({ database: ctx.database, clock: ctx.clock, enqueue: uses.enqueueWorkflow, instances: uses.instances, versions: uses.versionRegistry }),
  }),
  api: [versionRoutes],
});
