import { defineModule } from '../manifest';
import { loggerOptionsRoutes } from './logger-options.routes';

export const loggerOptionsModule = defineModule({
  name: 'logger-options',
  routes: [loggerOptionsRoutes],
});
