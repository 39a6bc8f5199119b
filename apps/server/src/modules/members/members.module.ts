import { defineModule } from '../manifest';
import { membersRoutes } from './members.routes';

export const membersModule = defineModule({
  name: 'members',
  routes: [membersRoutes],
});
