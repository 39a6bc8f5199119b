import { serverModule } from '../../platform/server-module';
import type { InstancesCore } from '../instances/core/core.module';
import { createSessionSettingsService } from './session-settings.service';
import { sessionSettingsRoutes } from './session-settings.routes';

/** The account’s session settings, carried to its instances. */
export const sessionSettingsModule = serverModule({
  name: 'session-settings',
  services: (ctx, uses: Pick<InstancesCore, 'enqueueWorkflow'>) => ({ sessionSettings: createSessionSettingsService({ database: ctx.database, clock: ctx.clock, enqueue: uses.enqueueWorkflow }) }),
  api: [sessionSettingsRoutes],
});
