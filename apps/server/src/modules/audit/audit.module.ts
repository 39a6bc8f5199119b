import { defineModule } from '../manifest';
import { auditRoutes } from './audit.routes';
import { auditPlugin } from './audit.plugin';

export const auditModule = defineModule({
  name: 'audit',
  requestHooks: [auditPlugin],
  routes: [auditRoutes],
});
