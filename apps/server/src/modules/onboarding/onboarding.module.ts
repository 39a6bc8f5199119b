import { serverModule } from '../../platform/server-module';
import type { InstancesCore } from '../instances/core/core.module';
import type { WebhooksService } from '../webhooks/webhooks.service';
import { createOnboardingService } from './onboarding.service';
import { weeklyReportJob, weeklyReportSchedule } from './weekly-report.jobs';
import { onboardingRoutes } from './onboarding.routes';

/** Onboarding's checklist and the weekly report. */
export const onboardingModule = serverModule({
  name: 'onboarding',
  services: (ctx, uses: Pick<InstancesCore, 'instances'> & { webhooks: Pick<WebhooksService, 'hasWebhooks'> }) => ({
    onboarding: createOnboardingService({ db: ctx.db, clock: ctx.clock, driver: ctx.driver, instances: uses.instances, hasWebhooks: uses.webhooks.hasWebhooks }),
  }),
  api: [onboardingRoutes],
  jobs: [weeklyReportJob],
  schedules: [weeklyReportSchedule],
});
