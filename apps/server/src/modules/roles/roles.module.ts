import { serverModule } from '../../platform/server-module';
import { createRolesService } from './roles.service';
import { rolesRoutes } from './roles.routes';

/** Custom roles and the starter ones. */
export const rolesModule = serverModule({
  name: 'roles',
  services: (ctx) => ({ roles: createRolesService({ db: ctx.db, clock: ctx.clock }) }),
  api: [rolesRoutes],
});
