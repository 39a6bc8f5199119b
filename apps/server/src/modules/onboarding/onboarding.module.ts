import { defineModule } from '../manifest';
import { onboardingRoutes } from './onboarding.routes';
import { weeklyReportJob, weeklyReportSchedule } from './weekly-report.jobs';

export const onboardingModule = defineModule({
  name: 'onboarding',
  routes: [onboardingRoutes],
  jobs: [weeklyReportJob],
  schedules: [weeklyReportSchedule],
});
