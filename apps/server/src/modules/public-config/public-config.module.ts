import { defineModule } from '../manifest';
import { publicConfigRoutes } from './public-config.routes';

export const publicConfigModule = defineModule({
  name: 'public-config',
  routes: [publicConfigRoutes],
});
