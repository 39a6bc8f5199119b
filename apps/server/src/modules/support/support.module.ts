import { serverModule } from '../../platform/server-module';
import { createSupportServices } from './support.service';
import { supportRoutes } from './support.routes';
import { supportOperatorRoutes } from './support.operator-routes';

/** The support chat: members' conversations with the people who run the console, and the operators' queue. */
export const supportModule = serverModule({
  name: 'support',
  services: (ctx) => createSupportServices({ db: ctx.db, clock: ctx.clock, mailer: ctx.mailer, supportEmail: ctx.env.SUPPORT_EMAIL, publicUrl: ctx.env.publicUrl }),
  api: [supportRoutes, supportOperatorRoutes],
});
