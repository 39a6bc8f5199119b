import { serverModule } from '../../platform/server-module';
import { createProbesService } from './probes.service';
import { probeRoutes } from './probes.routes';

/** Liveness, readiness and the console's metrics, outside /api. */
export const probesModule = serverModule({
  name: 'probes',
  services: (ctx) => ({ probes: createProbesService({ db: ctx.db, metrics: ctx.metrics, lifecycle: ctx.lifecycle }) }),
  pages: [probeRoutes],
});
