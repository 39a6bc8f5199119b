import { defineModule } from '../manifest';
import { backupRoutes } from './backups.routes';
import { backupsJob, backupsSchedule } from './backups.schedule';

export const backupsModule = defineModule({
  name: 'backups',
  routes: [backupRoutes],
  jobs: [backupsJob],
  schedules: [backupsSchedule],
});
