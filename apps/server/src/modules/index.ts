import type { FastifyPluginAsync } from 'fastify';
import { accountRoutes } from './account/account.routes';
import { authRoutes } from './auth/auth.routes';
import { mfaRoutes } from './mfa/mfa.routes';
import { webauthnRoutes } from './mfa/webauthn.routes';
import { healthRoutes } from './health/health.routes';
import { publicConfigRoutes } from './public-config/public-config.routes';
import { backupRoutes } from './backups/backups.routes';
import { billingRoutes } from './billing/billing.routes';
import { configRoutes } from './instances/config/config.routes';
import { diskRoutes } from './instances/disk/disk.routes';
import { switchRoutes } from './instances/switch/switch.routes';
import { instancesRoutes } from './instances/core/instances.routes';
import { liveStatusRoutes } from './instances/live-status/live-status.routes';
import { versionRoutes } from './instances/version/version.routes';
import { monitoringRoutes } from './monitoring/monitoring.routes';
import { activityRoutes } from './activity/activity.routes';
import { auditRoutes } from './audit/audit.routes';
import { membersRoutes } from './members/members.routes';
import { rolesRoutes } from './roles/roles.routes';
import { usersRoutes } from './users/users.routes';
import { webhookRoutes } from './webhooks/webhooks.routes';
import { onboardingRoutes } from './onboarding/onboarding.routes';
import { notificationsRoutes } from './notifications/notifications.routes';
import { alertsRoutes } from './alerts/alerts.routes';
import { projectsRoutes } from './projects/projects.routes';
import { sessionSettingsRoutes } from './session-settings/session-settings.routes';
import { loggerOptionsRoutes } from './logger-options/logger-options.routes';
import { jsErrorsRoutes } from './js-errors/js-errors.routes';
import { consoleModulesRoutes } from './console-modules/console-modules.routes';
import { apiKeysRoutes } from './api-keys/api-keys.routes';
import { permissionViewerRoutes } from './permission-viewer/permission-viewer.routes';
import { supportOperatorRoutes } from './support/support.operator-routes';
import { supportRoutes } from './support/support.routes';

/** Every API module, mounted under /api in this order. */
export const apiModules: FastifyPluginAsync[] = [
  healthRoutes,
  publicConfigRoutes,
  authRoutes,
  accountRoutes,
  liveStatusRoutes,
  mfaRoutes,
  webauthnRoutes,
  instancesRoutes,
  diskRoutes,
  configRoutes,
  backupRoutes,
  versionRoutes,
  switchRoutes,
  monitoringRoutes,
  billingRoutes,
  membersRoutes, rolesRoutes, usersRoutes, activityRoutes, auditRoutes,
  webhookRoutes,
  onboardingRoutes,
  notificationsRoutes,
  alertsRoutes,
  projectsRoutes,
  sessionSettingsRoutes,
  loggerOptionsRoutes,
  jsErrorsRoutes,
  consoleModulesRoutes,
  apiKeysRoutes,
  permissionViewerRoutes,
  supportRoutes, supportOperatorRoutes,
];
