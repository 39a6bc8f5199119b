import { serverModule } from '../../platform/server-module';
import type { InstancesCore } from '../instances/core/core.module';
import { createBackupsService } from './backups.service';
import { backupsWorkflowOffers } from './backups.step';
import { backupsJob, backupsSchedule } from './backups.schedule';
import { backupRoutes } from './backups.routes';

/** An instance's backups: the daily round, restores, and the steps it offers the workflow. */
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
    // Its steps and the upgrade's copy, which the instance workflow's job reads (instances never import backups).
    instanceWorkflowOffers: backupsWorkflowOffers,
  }),
  api: [backupRoutes],
  jobs: [backupsJob],
  schedules: [backupsSchedule],
});
