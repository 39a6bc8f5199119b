import { mailLinksOf, serverModule } from '../../platform/server-module';
import { createAuthService } from './auth.service';
import { captchaCheckOf } from './captcha';
import { createPasswordResetService } from './password-reset.service';
import { createSessionService, sessionDepsOf } from './session.service';
import { authRoutes } from './auth.routes';

/** Sign-up, sign-in, sessions and password resets. */
export const authModule = serverModule({
  name: 'auth',
  services: (ctx) => {
    const sessions = createSessionService(sessionDepsOf(ctx));
    return {
      sessions,
      auth: createAuthService({ db: ctx.db, clock: ctx.clock }),
      captcha: captchaCheckOf(ctx),
      resets: createPasswordResetService({ db: ctx.db, clock: ctx.clock, ...mailLinksOf(ctx), sessions }),
    };
  },
  api: [authRoutes],
});
