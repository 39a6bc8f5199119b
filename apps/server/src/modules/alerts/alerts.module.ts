import { serverModule } from '../../platform/server-module';
import type { InstancesCore } from '../instances/core/core.module';
import { createAlertsService } from './alerts.service';
import { alertsRoutes } from './alerts.routes';

/** A project's alert rules. */
export const alertsModule = serverModule({
  name: 'alerts',
  services: (ctx, uses: Pick<InstancesCore, 'instances'>) => ({ alerts: createAlertsService({ db: ctx.db, clock: ctx.clock, instances: uses.instances }) }),
  api: [alertsRoutes],
});
