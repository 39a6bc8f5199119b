import { defineModule } from '../manifest';
import { alertsRoutes } from './alerts.routes';

export const alertsModule = defineModule({
  name: 'alerts',
  routes: [alertsRoutes],
});
