import { defineModule } from '../manifest';
import { apiDocsRoutes } from './api-docs.routes';

export const apiDocsModule = defineModule({
  name: 'api-docs',
  routes: [apiDocsRoutes],
});
