import { defineModule } from '../manifest';
import { rolesRoutes } from './roles.routes';

export const rolesModule = defineModule({
  name: 'roles',
  routes: [rolesRoutes],
});
