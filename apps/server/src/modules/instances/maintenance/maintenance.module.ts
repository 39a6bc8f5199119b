import { serverModule } from '../../../platform/server-module';
import type { InstancesCore } from '../core/core.module';
import { createMaintenanceService } from './instances.maintenance';
import { maintenanceRoundJob, maintenanceRoundSchedule } from './instances.maintenance-round';

/** Maintenance windows and the round that starts what is scheduled in them. */
export const maintenanceModule = serverModule({
  name: 'instances/maintenance',
  services: (ctx, uses: InstancesCore) => ({ maintenance: createMaintenanceService({ database: ctx.database, clock: ctx.clock, instances: uses.instances }) }),
  jobs: [maintenanceRoundJob],
  schedules: [maintenanceRoundSchedule],
});
