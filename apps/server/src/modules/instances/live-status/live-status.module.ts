import { serverModule } from '../../../platform/server-module';
import { createLiveStatusService } from './live-status.service';
import { liveStatusRoutes } from './live-status.routes';

/** The instances' live status stream. */
export const liveStatusModule = serverModule({
  name: 'instances/live-status',
  services: (ctx) => ({
    liveStatus: createLiveStatusService({ db: ctx.db, commits: ctx.commits, clock: ctx.clock, logger: ctx.logger, jwtSecret: ctx.secrets.jwtSecret, heartbeatMs: ctx.env.LIVE_STATUS_HEARTBEAT_MS }),
  }),
  api: [liveStatusRoutes],
});
