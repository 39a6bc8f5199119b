import { defineModule } from '../manifest';
import { authRoutes } from './auth.routes';

export const authModule = defineModule({
  name: 'auth',
  routes: [authRoutes],
});
