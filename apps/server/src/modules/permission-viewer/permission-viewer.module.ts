import { defineModule } from '../manifest';
import { permissionViewerRoutes } from './permission-viewer.routes';

export const permissionViewerModule = defineModule({
  name: 'permission-viewer',
  routes: [permissionViewerRoutes],
});
