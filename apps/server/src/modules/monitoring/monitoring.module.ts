import { serverModule, type DepsOf } from '../../platform/server-module';
import { createMonitoringService } from './monitoring.service';
import { metricsJob, metricsSchedule } from './monitoring.jobs';
import { monitoringRoutes } from './monitoring.routes';

/** Instances' metrics: sampled on a schedule, charted by the routes. */
export const monitoringModule = serverModule({
  name: 'monitoring',
  services: (ctx, uses: Pick<DepsOf<typeof createMonitoringService>, 'instances'>) => ({ monitoring: createMonitoringService({ db: ctx.db, instances: uses.instances }) }),
  api: [monitoringRoutes],
  jobs: [metricsJob],
  schedules: [metricsSchedule],
});
