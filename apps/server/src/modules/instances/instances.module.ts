import type { JobDefinition } from '../../jobs/job-types';
import { defineModule } from '../manifest';
import { liveStatusRoutes } from './live-status.routes';
import { instancesRoutes } from './instances.routes';
import { diskRoutes } from './disk.routes';
import { configRoutes } from './config.routes';
import { versionRoutes } from './version.routes';
import { switchRoutes } from './switch.routes';
import { instanceWorkflowJob, instanceHealthJob, instanceHealthSchedule, resumeInstances } from './instances.jobs';
import { maintenanceRoundJob, maintenanceRoundSchedule } from './instances.maintenance-round';

export const instancesModule = defineModule({
  name: 'instances',
  routes: [liveStatusRoutes, instancesRoutes, diskRoutes, configRoutes, versionRoutes, switchRoutes],
  jobs: [instanceWorkflowJob as JobDefinition, instanceHealthJob, maintenanceRoundJob],
  schedules: [instanceHealthSchedule, maintenanceRoundSchedule],
  startupTasks: [resumeInstances],
});
