import { serverModule } from '../../platform/server-module';
import { publicConfigRoutes } from './public-config.routes';

export const publicConfigModule = serverModule({ name: 'public-config', api: [publicConfigRoutes] });
