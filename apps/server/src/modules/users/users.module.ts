import { defineModule } from '../manifest';
import { usersRoutes } from './users.routes';

export const usersModule = defineModule({
  name: 'users',
  routes: [usersRoutes],
});
