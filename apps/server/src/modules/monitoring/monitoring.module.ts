import { defineModule } from '../manifest';
import { monitoringRoutes } from './monitoring.routes';
import { metricsJob, metricsSchedule } from './monitoring.jobs';

export const monitoringModule = defineModule({
  name: 'monitoring',
  routes: [monitoringRoutes],
  jobs: [metricsJob],
  schedules: [metricsSchedule],
});
