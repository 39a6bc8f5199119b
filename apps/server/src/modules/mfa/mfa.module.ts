import { serverModule } from '../../platform/server-module';
import { createMfaService, totpSealKey } from './mfa.service';
import { createFreshProofService } from './fresh-proof.service';
import { createWebauthnService, relyingPartyOf } from './webauthn.service';
import { mfaPurgeJob, mfaPurgeSchedule } from './mfa.jobs';
import { mfaRoutes } from './mfa.routes';
import { webauthnRoutes } from './webauthn.routes';

/** Second factors: TOTP, passkeys, recovery codes, and the fresh proof sensitive changes ask for. */
export const mfaModule = serverModule({
  name: 'mfa',
  services: (ctx) => {
    const { db, clock } = ctx;
    const mfa = createMfaService({ db, clock, sealKey: totpSealKey(ctx.secrets.jwtSecret), issuer: ctx.env.PRODUCT_NAME });
    const webauthn = createWebauthnService({ db, clock, mfa, rp: relyingPartyOf(ctx.env.publicUrl, ctx.env.PRODUCT_NAME) });
    return { mfa, webauthn, freshProof: createFreshProofService({ db, clock, mfa, webauthn }) };
  },
  api: [mfaRoutes, webauthnRoutes],
  jobs: [mfaPurgeJob],
  schedules: [mfaPurgeSchedule],
});
