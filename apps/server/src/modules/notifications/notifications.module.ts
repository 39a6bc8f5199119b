import { defineModule } from '../manifest';
import { notificationsRoutes } from './notifications.routes';
import { notificationsConsumer } from './notifications.consumer';

export const notificationsModule = defineModule({
  name: 'notifications',
  routes: [notificationsRoutes],
  consumers: [notificationsConsumer],
});
