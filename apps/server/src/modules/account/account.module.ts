import { defineModule } from '../manifest';
import { accountRoutes } from './account.routes';

export const accountModule = defineModule({
  name: 'account',
  routes: [accountRoutes],
});
