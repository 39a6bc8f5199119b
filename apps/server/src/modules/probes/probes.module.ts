import { defineModule } from '../manifest';
import { probeRoutes } from './probes.routes';

export const probesModule = defineModule({
  name: 'probes',
  rootRoutes: [probeRoutes],
});
