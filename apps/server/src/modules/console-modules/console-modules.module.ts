import { defineModule } from '../manifest';
import { consoleModulesRoutes } from './console-modules.routes';

export const consoleModulesModule = defineModule({
  name: 'console-modules',
  routes: [consoleModulesRoutes],
});
