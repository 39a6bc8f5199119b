import { serverModule } from '../../platform/server-module';
import { createNotificationsService } from './notifications.service';
import { notificationsConsumer } from './notifications.consumer';
import { notificationsRoutes } from './notifications.routes';

/** The bell: notifications and their settings. */
export const notificationsModule = serverModule({
  name: 'notifications',
  services: (ctx) => ({ notifications: createNotificationsService({ db: ctx.db, clock: ctx.clock }) }),
  api: [notificationsRoutes],
  consumers: [notificationsConsumer],
});
