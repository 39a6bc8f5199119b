import { serverModule } from '../../../platform/server-module';
import type { InstancesCore } from '../core/core.module';
import { createSsoService } from './instances.sso';

/** An instance’s single sign-on configuration (its routes are the configuration’s). */
export const ssoModule = serverModule({
  name: 'instances/sso',
  services: (ctx, uses: InstancesCore) => ({ sso: createSsoService({ database: ctx.database, driver: ctx.driver, clock: ctx.clock, enqueue: uses.enqueueWorkflow, instances: uses.instances }) }),
});
