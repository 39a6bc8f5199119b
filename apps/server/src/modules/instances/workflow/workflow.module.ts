import { serverModule } from '../../../platform/server-module';
import { instanceHealthJob, instanceHealthSchedule, instanceWorkflowJob, resumeInstances } from './instances.jobs';

/** The durable workflow that carries out every change of an instance, and the health round. */
export const instancesWorkflowModule = serverModule({
  name: 'instances/workflow',
  jobs: [instanceWorkflowJob as never, instanceHealthJob],
  schedules: [instanceHealthSchedule],
  startupTasks: [resumeInstances],
});
