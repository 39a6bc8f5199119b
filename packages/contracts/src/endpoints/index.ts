import { auditLabelOf, isRecorded, type Endpoint } from '../endpoint';
import { isInstanceEndpoint } from '../permission-viewer';
import { accountEndpoints } from './account';
import { accountSsoEndpoints } from './account-sso';
import { alertEndpoints } from './alerts';
import { apiKeyEndpoints } from './api-keys';
import { authEndpoints } from './auth';
import { mfaEndpoints } from './mfa';
import { webauthnEndpoints } from './webauthn';
import { backupEndpoints } from './backups';
import { billingEndpoints } from './billing';
import { configEndpoints } from './config';
import { consoleModuleEndpoints } from './console-modules';
import { diskEndpoints } from './disk';
import { instanceEndpoints } from './instances';
import { invitationEndpoints } from './invitations';
import { monitoringEndpoints } from './monitoring';
import { onboardingEndpoints } from './onboarding';
import { permissionViewerEndpoints } from './permission-viewer';
import { projectEndpoints } from './projects';
import { notificationEndpoints } from './notifications';
import { sessionSettingsEndpoints } from './session-settings';
import { loggerOptionsEndpoints } from './logger-options';
import { jsErrorEndpoints } from './js-errors';
import { operatorSupportEndpoints, supportEndpoints } from './support';
import { scimAdminEndpoints, scimEndpoints } from './scim';
import { switchEndpoints } from './switch';
import { systemEndpoints } from './system';
import { teamEndpoints } from './team';
import { versionEndpoints } from './versions';
import { webhookEndpoints } from './webhooks';

export { idempotencyHeadersSchema } from './instances';
// The groups by themselves: a browser page that calls only these (the public screens, the
// session's start; the joining page; the signed-in shell and the instances list) bundles only
// their schemas, not the whole table's.
export { accountEndpoints, accountSsoEndpoints, authEndpoints, invitationEndpoints, mfaEndpoints, systemEndpoints, webauthnEndpoints };
export { instanceEndpoints, notificationEndpoints, onboardingEndpoints, projectEndpoints };
export { operatorSupportEndpoints, supportEndpoints };
export { scimAdminEndpoints, scimEndpoints };
export { healthSchema } from './system';
export { SESSION_OPENING_HEADERS, SESSION_OPENING_READ_PATHS } from './session-opening';

/** Every API call, by name: the server registers these, the SPA calls these. */
export const endpoints = {
  ...systemEndpoints,
  ...authEndpoints,
  ...invitationEndpoints,
  ...accountEndpoints,
  ...mfaEndpoints,
  ...accountSsoEndpoints,
  ...webauthnEndpoints,
  ...instanceEndpoints,
  ...monitoringEndpoints,
  ...diskEndpoints,
  ...configEndpoints,
  ...backupEndpoints,
  ...billingEndpoints,
  ...versionEndpoints,
  ...switchEndpoints,
  ...teamEndpoints,
  ...webhookEndpoints,
  ...onboardingEndpoints,
  ...notificationEndpoints,
  ...alertEndpoints,
  ...projectEndpoints,
  ...sessionSettingsEndpoints,
  ...loggerOptionsEndpoints,
  ...jsErrorEndpoints,
  ...consoleModuleEndpoints,
  ...apiKeyEndpoints,
  ...permissionViewerEndpoints,
  ...supportEndpoints,
  ...operatorSupportEndpoints,
  ...scimAdminEndpoints,
  ...scimEndpoints,
} as const;

export type EndpointName = keyof typeof endpoints;

/**
 * The labels the trail can show, for its Action filter: one per recorded endpoint, A to Z.
 * A function, computed on first call: sorting with localeCompare starts the browser's
 * collator, which costs tens of milliseconds on a phone, and only the audit screen asks.
 */
export function auditActionLabels(): readonly string[] {
  cachedAuditLabels ??= [
    ...new Set(
      Object.values(endpoints as Record<string, Endpoint>)
        .filter(isRecorded)
        .map(auditLabelOf),
    ),
  ].sort((a, b) => a.localeCompare(b));
  return cachedAuditLabels;
}
let cachedAuditLabels: readonly string[] | undefined;

/** The calls about one instance, by name (the permission viewer's actions), in the table's order. */
export function instanceEndpointNames(): EndpointName[] {
  return (Object.keys(endpoints) as EndpointName[]).filter((name) => isInstanceEndpoint(endpoints[name]));
}
