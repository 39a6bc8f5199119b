import type { AppContext } from './lib/context';
import { createAccountService, defaultAccountSources } from './modules/account/account.service';
import { createPasswordChangeService } from './modules/account/password.service';
import { createActivityService } from './modules/activity/activity.service';
import { createAuditService } from './modules/audit/audit.service';
import { auditSigningKey } from './modules/audit/audit.signing';
import { createAuthService } from './modules/auth/auth.service';
import { captchaCheckOf } from './modules/auth/captcha';
import { createPasswordResetService } from './modules/auth/password-reset.service';
import { createSessionService, sessionDepsOf } from './modules/auth/session.service';
import { createInstanceChecksService } from './modules/instances/core/instance-checks.service';
import { versionRegistryOf } from './infra/versions';
import { createConfigService } from './modules/instances/config/instances.config';
import { createDiskService } from './modules/instances/disk/instances.disk';
import { createBackupsService } from './modules/backups/backups.service';
import { createBillingService } from './modules/billing/billing.service';
import { paymentProviderOf } from './modules/billing/payment-providers';
import { createInvoicesService } from './modules/billing/invoices.service';
import { createSsoService } from './modules/instances/sso/instances.sso';
import { createMaintenanceService } from './modules/instances/maintenance/instances.maintenance';
import { createVersionService } from './modules/instances/version/instances.version';
import { createSwitchService } from './modules/instances/switch/instances.switch';
import { workflowEnqueuer } from './modules/instances/workflow/instances.jobs';
import { createInstancesService } from './modules/instances/core/instances.service';
import { createLiveStatusService } from './modules/instances/live-status/live-status.service';
import { invitationSealKey } from './modules/members/invitation-token';
import { createInvitationsService } from './modules/members/invitations.service';
import { createPermissionViewerService } from './modules/permission-viewer/permission-viewer.service';
import { createMembersService } from './modules/members/members.service';
import { createOnboardingService } from './modules/onboarding/onboarding.service';
import { createMonitoringService } from './modules/monitoring/monitoring.service';
import { createNotificationsService } from './modules/notifications/notifications.service';
import { createAlertsService } from './modules/alerts/alerts.service';
import { createProjectsService } from './modules/projects/projects.service';
import { createSupportServices } from './modules/support/support.service';
import { createRolesService } from './modules/roles/roles.service';
import { createUsersService } from './modules/users/users.service';
import { createConsoleModulesService } from './modules/console-modules/console-modules.service';
import { createWebhooksService } from './modules/webhooks/webhooks.service';
import { webhookSealKey } from './modules/webhooks/webhooks.wire';
import { systemResolver } from './lib/ssrf-guard';
import { createSessionSettingsService } from './modules/session-settings/session-settings.service';
import { createLoggerOptionsService } from './modules/logger-options/logger-options.service';
import { createJsErrorsService } from './modules/js-errors/js-errors.service';
import { createProbesService } from './modules/probes/probes.service';
import { createApiKeysService } from './modules/api-keys/api-keys.service';
import { createMfaService, totpSealKey } from './modules/mfa/mfa.service';
import { createFreshProofService } from './modules/mfa/fresh-proof.service';
import { createWebauthnService, relyingPartyOf } from './modules/mfa/webauthn.service';

/**
 * The composition root: every service of the console, built once per app from
 * the process's context, each given only the parts of the others it uses. A
 * route reaches a service as `app.services.<name>`; a new domain's service is one
 * line here. Nothing else constructs a service (tests aside).
 */
export function createServices(ctx: AppContext) {
  const { db, clock } = ctx;
  const sessions = createSessionService(sessionDepsOf(ctx));
  const accountSources = defaultAccountSources(db);
  const enqueue = workflowEnqueuer(ctx.boss);
  const versions = versionRegistryOf(ctx.env);
  const instances = createInstancesService({
    database: ctx.database,
    driver: ctx.driver,
    clock,
    enqueue,
    newInstanceVersion: versions.forNewInstances,
    hasBillingDetails: accountSources.hasBillingDetails,
  });
  const monitoring = createMonitoringService({ db, instances });
  const sso = createSsoService({ database: ctx.database, driver: ctx.driver, clock, enqueue, instances });
  const webhooks = createWebhooksService({
    db,
    clock,
    sealKey: webhookSealKey(ctx.secrets.jwtSecret),
    allowPrivate: ctx.env.WEBHOOKS_ALLOW_PRIVATE_TARGETS,
    // Read at each call: tests set ctx.resolveHost after the services are built.
    resolve: (host) => (ctx.resolveHost ?? systemResolver)(host),
  });
  const mfa = createMfaService({ db, clock, sealKey: totpSealKey(ctx.secrets.jwtSecret), issuer: ctx.env.PRODUCT_NAME });
  const webauthn = createWebauthnService({ db, clock, mfa, rp: relyingPartyOf(ctx.env.publicUrl, ctx.env.PRODUCT_NAME) });
  const mailLinks = { mailer: ctx.mailer, publicUrl: ctx.env.publicUrl, productName: ctx.env.PRODUCT_NAME };
  return {
    probes: createProbesService({ db, metrics: ctx.metrics, lifecycle: ctx.lifecycle }),
    sessions,
    auth: createAuthService({ db, clock }),
    mfa,
    freshProof: createFreshProofService({ db, clock, mfa, webauthn }),
    webauthn,
    captcha: captchaCheckOf(ctx),
    accounts: createAccountService({ db, clock, mailTransport: ctx.mailer.transport, sources: accountSources }),
    passwords: createPasswordChangeService({ db, clock, sessions }),
    resets: createPasswordResetService({ db, clock, ...mailLinks, sessions }),
    members: createMembersService({ db, clock, ...mailLinks, sealKey: invitationSealKey(ctx.secrets.jwtSecret), sessions, hasBillingDetails: accountSources.hasBillingDetails }),
    invitations: createInvitationsService({ db, clock }),
    roles: createRolesService({ db, clock }),
    apiKeys: createApiKeysService({ db, clock }),
    permissionViewer: createPermissionViewerService({ db, clock }),
    users: createUsersService({ db, sources: accountSources }),
    consoleModules: createConsoleModulesService({ db, clock }),
    activity: createActivityService({ db }),
    audit: createAuditService({ db, clock, signingKey: auditSigningKey(ctx.secrets.jwtSecret) }),
    instances,
    liveStatus: createLiveStatusService({ db, commits: ctx.commits, clock, logger: ctx.logger, jwtSecret: ctx.secrets.jwtSecret, heartbeatMs: ctx.env.LIVE_STATUS_HEARTBEAT_MS }),
    instanceChecks: createInstanceChecksService({ db, driver: ctx.driver, instances }),
    monitoring,
    disk: createDiskService({ database: ctx.database, driver: ctx.driver, clock, enqueue, instances, hasBillingDetails: accountSources.hasBillingDetails }),
    config: createConfigService({ database: ctx.database, driver: ctx.driver, clock, enqueue, instances, sso, statistics: monitoring.statistics, versions }),
    maintenance: createMaintenanceService({ database: ctx.database, clock, instances }),
    sso,
    backups: createBackupsService({ database: ctx.database, clock, enqueue, instances, daily: ctx.env.DAILY_BACKUPS, retentionDays: ctx.env.BACKUP_RETENTION_DAYS }),
    versions: createVersionService({ database: ctx.database, clock, enqueue, instances, versions }),
    billing: createBillingService({ db, clock, provider: paymentProviderOf(ctx) }),
    invoices: createInvoicesService({ db, publicUrl: ctx.env.publicUrl, seller: { productName: ctx.env.PRODUCT_NAME, supportEmail: ctx.env.SUPPORT_EMAIL } }),
    webhooks,
    onboarding: createOnboardingService({ db, clock, driver: ctx.driver, instances, hasWebhooks: webhooks.hasWebhooks }),
    notifications: createNotificationsService({ db, clock }),
    alerts: createAlertsService({ db, clock, instances }),
    ...createSupportServices({ db, clock, mailer: ctx.mailer, supportEmail: ctx.env.SUPPORT_EMAIL, publicUrl: ctx.env.publicUrl }),
    projects: createProjectsService({ db, clock, enqueue, hasBillingDetails: accountSources.hasBillingDetails }),
    switcher: createSwitchService({ database: ctx.database, clock, enqueue, instances, hasBillingDetails: accountSources.hasBillingDetails }),
    sessionSettings: createSessionSettingsService({ database: ctx.database, clock, enqueue }),
    loggerOptions: createLoggerOptionsService({ database: ctx.database, clock, enqueue }),
    jsErrors: createJsErrorsService({ db, driver: ctx.driver, instances }),
  };
}

export type Services = ReturnType<typeof createServices>;

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}
