import { defineModule } from '../manifest';
import { apiKeysRoutes } from './api-keys.routes';

export const apiKeysModule = defineModule({
  name: 'api-keys',
  routes: [apiKeysRoutes],
});
