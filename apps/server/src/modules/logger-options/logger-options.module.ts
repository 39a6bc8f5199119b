import { serverModule } from '../../platform/server-module';
import type { InstancesCore } from '../instances/core/core.module';
import { createLoggerOptionsService } from './logger-options.service';
import { loggerOptionsRoutes } from './logger-options.routes';

/** The account’s logger options, carried to its instances. */
export const loggerOptionsModule = serverModule({
  name: 'logger-options',
  services: (ctx, uses: Pick<InstancesCore, 'enqueueWorkflow'>) => ({ loggerOptions: createLoggerOptionsService({ database: ctx.database, clock: ctx.clock, enqueue: uses.enqueueWorkflow }) }),
  api: [loggerOptionsRoutes],
});
