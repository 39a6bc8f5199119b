import { serverModule, type DepsOf } from '../../../platform/server-module';
import type { InstancesCore } from '../core/core.module';
import { createSwitchService } from './instances.switch';
import { switchRoutes } from './switch.routes';

/** Size changes (the switch to another size). */
export const switchModule = serverModule({
  name: 'instances/switch',
  services: (ctx, uses: InstancesCore & { accountSources: Pick<DepsOf<typeof createSwitchService>, 'hasBillingDetails'> }) => ({
    switcher: createSwitchService({ database: ctx.database, clock: ctx.clock, enqueue: uses.enqueueWorkflow, instances: uses.instances, hasBillingDetails: uses.accountSources.hasBillingDetails }),
  }),
  api: [switchRoutes],
});
