import { serverModule } from '../../lib/server-module';
import type { AccountSources } from '../account/account.service';
import type { InstancesCore } from '../instances/core/core.module';
import { createProjectsService } from './projects.service';
import { projectsRoutes } from './projects.routes';

/** Projects (sites) recorded by an instance. */
export const projectsModule = serverModule({
  name: 'projects',
  services: (ctx, uses: Pick<InstancesCore, 'enqueueWorkflow'> & { accountSources: AccountSources }) => ({
    projects: createProjectsService({ db: ctx.db, clock: ctx.clock, enqueue: uses.enqueueWorkflow, hasBillingDetails: uses.accountSources.hasBillingDetails }),
  }),
  api: [projectsRoutes],
});
