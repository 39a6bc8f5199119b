import { defineModule } from '../manifest';
import { activityRoutes } from './activity.routes';
import { activityLogConsumer } from './activity.consumer';

export const activityModule = defineModule({
  name: 'activity',
  routes: [activityRoutes],
  consumers: [activityLogConsumer],
});
