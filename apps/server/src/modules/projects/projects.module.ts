import { serverModule, type DepsOf } from '../../platform/server-module';
import { createProjectsService, type ProjectsInstancesPort } from './projects.service';
import { projectsRoutes } from './projects.routes';

/** Projects (sites) recorded by an instance. */
export const projectsModule = serverModule({
  name: 'projects',
  services: (ctx, uses: ProjectsInstancesPort & { accountSources: Pick<DepsOf<typeof createProjectsService>, 'hasBillingDetails'> }) => ({
    projects: createProjectsService({
      db: ctx.db,
      clock: ctx.clock,
      instances: { countProjectKeysUp: uses.countProjectKeysUp, enqueueWorkflow: uses.enqueueWorkflow },
      hasBillingDetails: uses.accountSources.hasBillingDetails,
    }),
  }),
  api: [projectsRoutes],
});
