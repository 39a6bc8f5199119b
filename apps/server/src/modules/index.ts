import { healthModule } from './health/health.module';
import { publicConfigModule } from './public-config/public-config.module';
import { authModule } from './auth/auth.module';
import { accountModule } from './account/account.module';
import { mfaModule } from './mfa/mfa.module';
import { instancesModule } from './instances/instances.module';
import { backupsModule } from './backups/backups.module';
import { monitoringModule } from './monitoring/monitoring.module';
import { billingModule } from './billing/billing.module';
import { membersModule } from './members/members.module';
import { rolesModule } from './roles/roles.module';
import { usersModule } from './users/users.module';
import { activityModule } from './activity/activity.module';
import { auditModule } from './audit/audit.module';
import { webhooksModule } from './webhooks/webhooks.module';
import { onboardingModule } from './onboarding/onboarding.module';
import { notificationsModule } from './notifications/notifications.module';
import { alertsModule } from './alerts/alerts.module';
import { projectsModule } from './projects/projects.module';
import { sessionSettingsModule } from './session-settings/session-settings.module';
import { loggerOptionsModule } from './logger-options/logger-options.module';
import { jsErrorsModule } from './js-errors/js-errors.module';
import { consoleModulesModule } from './console-modules/console-modules.module';
import { apiKeysModule } from './api-keys/api-keys.module';
import { permissionViewerModule } from './permission-viewer/permission-viewer.module';
import { probesModule } from './probes/probes.module';
import { offlinePaymentsModule } from './offline-payments/offline-payments.module';
import { apiDocsModule } from './api-docs/api-docs.module';
import { backgroundWorkOf, type ModuleManifest } from './manifest';

/**
 * Every module of the console, one line each (its manifest names what it brings: routes, jobs,
 * schedules, outboxes, event consumers, request hooks). The order is the order routes are mounted
 * in; api-docs is last, as it describes the others.
 */
export const consoleModules: readonly ModuleManifest[] = [
  healthModule,
  publicConfigModule,
  authModule,
  accountModule,
  mfaModule,
  instancesModule,
  backupsModule,
  monitoringModule,
  billingModule,
  membersModule,
  rolesModule,
  usersModule,
  activityModule,
  auditModule,
  webhooksModule,
  onboardingModule,
  notificationsModule,
  alertsModule,
  projectsModule,
  sessionSettingsModule,
  loggerOptionsModule,
  jsErrorsModule,
  consoleModulesModule,
  apiKeysModule,
  permissionViewerModule,
  probesModule,
  offlinePaymentsModule,
  apiDocsModule,
];

/** The modules' jobs, schedules, start-up tasks and outboxes, as the workers take them. */
export const consoleWork = backgroundWorkOf(consoleModules);
