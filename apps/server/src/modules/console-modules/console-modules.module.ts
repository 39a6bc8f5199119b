import { serverModule } from '../../platform/server-module';
import { createConsoleModulesService } from './console-modules.service';
import { consoleModulesRoutes } from './console-modules.routes';

/** The console modules an account turns on. */
export const consoleModulesModule = serverModule({
  name: 'console-modules',
  services: (ctx) => ({ consoleModules: createConsoleModulesService({ db: ctx.db, clock: ctx.clock }) }),
  api: [consoleModulesRoutes],
});
