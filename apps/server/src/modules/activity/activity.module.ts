import { serverModule } from '../../platform/server-module';
import { createActivityService } from './activity.service';
import { activityLogConsumer } from './activity.consumer';
import { activityRoutes } from './activity.routes';

/** The activity log, written by its consumer in each change's transaction. */
export const activityModule = serverModule({
  name: 'activity',
  services: (ctx) => ({ activity: createActivityService({ db: ctx.db }) }),
  api: [activityRoutes],
  consumers: [activityLogConsumer],
});
