import { serverModule } from '../../platform/server-module';
import { createPermissionViewerService } from './permission-viewer.service';
import { permissionViewerRoutes } from './permission-viewer.routes';

/** Who may do what: the permission viewer. */
export const permissionViewerModule = serverModule({
  name: 'permission-viewer',
  services: (ctx) => ({ permissionViewer: createPermissionViewerService({ db: ctx.db, clock: ctx.clock }) }),
  api: [permissionViewerRoutes],
});
