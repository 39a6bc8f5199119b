import type { ServerModule, ServicesOfModules } from '../platform/server-module';
import { probesModule } from './probes/probes.module';
import { healthModule } from './health/health.module';
import { publicConfigModule } from './public-config/public-config.module';
import { authModule } from './auth/auth.module';
import { accountModule } from './account/account.module';
import { mfaModule } from './mfa/mfa.module';
import { accountSsoModule } from './account-sso/account-sso.module';
import { auditModule } from './audit/audit.module';
import { activityModule } from './activity/activity.module';
import { membersModule } from './members/members.module';
import { rolesModule } from './roles/roles.module';
import { usersModule } from './users/users.module';
import { apiKeysModule } from './api-keys/api-keys.module';
import { permissionViewerModule } from './permission-viewer/permission-viewer.module';
import { consoleModulesModule } from './console-modules/console-modules.module';
import { instancesCoreModule } from './instances/core/core.module';
import { instancesWorkflowModule } from './instances/workflow/workflow.module';
import { liveStatusModule } from './instances/live-status/live-status.module';
import { monitoringModule } from './monitoring/monitoring.module';
import { ssoModule } from './instances/sso/sso.module';
import { diskModule } from './instances/disk/disk.module';
import { configModule } from './instances/config/config.module';
import { maintenanceModule } from './instances/maintenance/maintenance.module';
import { backupsModule } from './backups/backups.module';
import { versionModule } from './instances/version/version.module';
import { switchModule } from './instances/switch/switch.module';
import { billingModule } from './billing/billing.module';
import { webhooksModule } from './webhooks/webhooks.module';
import { onboardingModule } from './onboarding/onboarding.module';
import { notificationsModule } from './notifications/notifications.module';
import { alertsModule } from './alerts/alerts.module';
import { projectsModule } from './projects/projects.module';
import { sessionSettingsModule } from './session-settings/session-settings.module';
import { loggerOptionsModule } from './logger-options/logger-options.module';
import { jsErrorsModule } from './js-errors/js-errors.module';
import { supportModule } from './support/support.module';
import { offlinePaymentsModule } from './offline-payments/offline-payments.module';
import { apiDocsModule } from './api-docs/api-docs.module';
import { scimModule } from './scim/scim.module';

/**
 * Every server module, one line each (`<domain>/<domain>.module.ts` declares what it adds). Its
 * services are built in this order, so a module comes after those whose services it uses; its
 * routes are mounted in this order too.
 */
export const serverModules = [
  probesModule,
  healthModule,
  publicConfigModule,
  authModule,
  accountModule,
  liveStatusModule,
  mfaModule,
  accountSsoModule,
  auditModule,
  activityModule,
  membersModule,
  rolesModule,
  usersModule,
  apiKeysModule,
  permissionViewerModule,
  consoleModulesModule,
  instancesCoreModule,
  instancesWorkflowModule,
  monitoringModule,
  ssoModule,
  diskModule,
  configModule,
  maintenanceModule,
  backupsModule,
  versionModule,
  switchModule,
  billingModule,
  webhooksModule,
  onboardingModule,
  notificationsModule,
  alertsModule,
  projectsModule,
  sessionSettingsModule,
  loggerOptionsModule,
  jsErrorsModule,
  supportModule,
  offlinePaymentsModule,
  scimModule,
  apiDocsModule,
] as const satisfies readonly ServerModule<object, never>[];

/** Every service the modules build, as `app.services` holds them. */
export type Services = ServicesOfModules<typeof serverModules>;
