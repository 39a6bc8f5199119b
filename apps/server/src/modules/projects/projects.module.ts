import { defineModule } from '../manifest';
import { projectsRoutes } from './projects.routes';

export const projectsModule = defineModule({
  name: 'projects',
  routes: [projectsRoutes],
});
