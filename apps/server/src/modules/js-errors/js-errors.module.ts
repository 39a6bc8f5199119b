import { defineModule } from '../manifest';
import { jsErrorsRoutes } from './js-errors.routes';

export const jsErrorsModule = defineModule({
  name: 'js-errors',
  routes: [jsErrorsRoutes],
});
