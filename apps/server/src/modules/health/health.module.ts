import { serverModule } from '../../platform/server-module';
import { healthRoutes } from './health.routes';

export const healthModule = serverModule({ name: 'health', api: [healthRoutes] });
