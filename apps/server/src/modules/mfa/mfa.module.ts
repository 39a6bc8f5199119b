import { defineModule } from '../manifest';
import { mfaRoutes } from './mfa.routes';
import { webauthnRoutes } from './webauthn.routes';
import { mfaPurgeJob, mfaPurgeSchedule } from './mfa.jobs';

export const mfaModule = defineModule({
  name: 'mfa',
  routes: [mfaRoutes, webauthnRoutes],
  jobs: [mfaPurgeJob],
  schedules: [mfaPurgeSchedule],
});
