import { serverModule, type DepsOf } from '../../../platform/server-module';
import type { SsoService } from '../sso/instances.sso';
import type { InstancesCore } from '../core/core.module';
import { createAccessListService } from './instances.access-list';
import { createConfigService } from './instances.config';
import { configRoutes } from './config.routes';

/** An instance’s configuration: CORS, the network access list, retention, SSO and the rest of its settings. */
export const configModule = serverModule({
  name: 'instances/config',
  services: (ctx, uses: InstancesCore & { sso: SsoService; monitoring: Pick<DepsOf<typeof createConfigService>, 'statistics'> }) => ({
    config: createConfigService({
      database: ctx.database,
      driver: ctx.driver,
      clock: ctx.clock,
      enqueue: uses.enqueueWorkflow,
      instances: uses.instances,
      sso: uses.sso,
      statistics: uses.monitoring.statistics,
      versions: uses.versionRegistry,
    }),
    accessList: createAccessListService({ database: ctx.database, driver: ctx.driver, clock: ctx.clock, enqueue: uses.enqueueWorkflow, instances: uses.instances }),
  }),
  api: [configRoutes],
});
