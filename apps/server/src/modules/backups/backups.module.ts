import { serverModule } from '../../platform/server-module';
import type { InstancesCore } from '../instances/core/core.module';
import { createBackupsService } from './backups.service';
import { backupsJob, backupsSchedule } from './backups.schedule';
import { backupRoutes } from './backups.routes';

/** An instance's backups: the daily round, restores, and the hand-off to the workflow. */
export const backupsModule = serverModule({
  name: 'backups',
  services: (ctx, uses: InstancesCore) => ({
    backups: createBackupsService({
      database: ctx.database,
      clock: ctx.clock,
      enqueue: uses.enqueueWorkflow,
      instances: uses.instances,
      daily: ctx.env.DAILY_BACKUPS,
      retentionDays: ctx.env.BACKUP_RETENTION_DAYS,
    }),
  }),
  api: [backupRoutes],
  jobs: [backupsJob],
  schedules: [backupsSchedule],
});
