import { serverModule } from '../../platform/server-module';
import { createApiKeysService } from './api-keys.service';
import { apiKeysRoutes } from './api-keys.routes';

/** API keys: made, listed, revoked. */
export const apiKeysModule = serverModule({
  name: 'api-keys',
  services: (ctx) => ({ apiKeys: createApiKeysService({ db: ctx.db, clock: ctx.clock }) }),
  api: [apiKeysRoutes],
});
