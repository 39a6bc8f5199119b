import { defineModule } from '../manifest';
import { healthRoutes } from './health.routes';

export const healthModule = defineModule({
  name: 'health',
  routes: [healthRoutes],
});
