import { defineModule } from '../manifest';
import { sessionSettingsRoutes } from './session-settings.routes';

export const sessionSettingsModule = defineModule({
  name: 'session-settings',
  routes: [sessionSettingsRoutes],
});
