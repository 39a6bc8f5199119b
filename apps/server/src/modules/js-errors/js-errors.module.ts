import { serverModule } from '../../platform/server-module';
import type { InstancesCore } from '../instances/core/core.module';
import { createJsErrorsService } from './js-errors.service';
import { jsErrorsRoutes } from './js-errors.routes';

/** A project's JavaScript errors, read from its instance, and their source maps. */
export const jsErrorsModule = serverModule({
  name: 'js-errors',
  services: (ctx, uses: Pick<InstancesCore, 'instances'>) => ({ jsErrors: createJsErrorsService({ db: ctx.db, driver: ctx.driver, instances: uses.instances }) }),
  api: [jsErrorsRoutes],
});
