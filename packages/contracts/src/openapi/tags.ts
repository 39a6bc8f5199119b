import type { Endpoint } from '../endpoint';
import { accountEndpoints } from '../endpoints/account';
import { accountSsoEndpoints } from '../endpoints/account-sso';
import { alertEndpoints } from '../endpoints/alerts';
import { apiKeyEndpoints } from '../endpoints/api-keys';
import { authEndpoints } from '../endpoints/auth';
import { backupEndpoints } from '../endpoints/backups';
import { billingEndpoints } from '../endpoints/billing';
import { configEndpoints } from '../endpoints/config';
import { consoleModuleEndpoints } from '../endpoints/console-modules';
import { diskEndpoints } from '../endpoints/disk';
import { instanceEndpoints } from '../endpoints/instances';
import { invitationEndpoints } from '../endpoints/invitations';
import { jsErrorEndpoints } from '../endpoints/js-errors';
import { loggerOptionsEndpoints } from '../endpoints/logger-options';
import { mfaEndpoints } from '../endpoints/mfa';
import { monitoringEndpoints } from '../endpoints/monitoring';
import { notificationEndpoints } from '../endpoints/notifications';
import { operatorSupportEndpoints, supportEndpoints } from '../endpoints/support';
import { scimAdminEndpoints, scimEndpoints } from '../endpoints/scim';
import { onboardingEndpoints } from '../endpoints/onboarding';
import { permissionViewerEndpoints } from '../endpoints/permission-viewer';
import { projectEndpoints } from '../endpoints/projects';
import { sessionSettingsEndpoints } from '../endpoints/session-settings';
import { switchEndpoints } from '../endpoints/switch';
import { systemEndpoints } from '../endpoints/system';
import { teamEndpoints } from '../endpoints/team';
import { versionEndpoints } from '../endpoints/versions';
import { webhookEndpoints } from '../endpoints/webhooks';
import { webauthnEndpoints } from '../endpoints/webauthn';

export interface TagGroup {
  name: string;
  description: string;
  endpoints: Record<string, Endpoint>;
}

/**
 * The document's tags: one per endpoint file (an area of the console), in the order a
 * newcomer meets them. Every endpoint of the table is in exactly one (the contracts test checks).
 */
export const TAG_GROUPS: readonly TagGroup[] = [
  { name: 'System', description: 'Health checks and the configuration a client reads before signing in.', endpoints: systemEndpoints },
  { name: 'Authentication', description: 'Sign up, sign in, refresh the session token, sign out, reset a password.', endpoints: authEndpoints },
  { name: 'Account', description: 'The signed-in person: profile, avatar, password, sessions.', endpoints: accountEndpoints },
  {
    name: 'Two-factor sign-in',
    description: 'A person’s second factor (an authenticator app, recovery codes), the second step of a sign-in, a fresh proof of identity, and the account’s rule requiring one.',
    endpoints: mfaEndpoints,
  },
  {
    name: 'Passkeys and security keys',
    description: 'A person’s passkeys and security keys (WebAuthn) as a second factor: register, list, remove, and the second step of a sign-in with one.',
    endpoints: webauthnEndpoints,
  },
  {
    name: 'Single sign-on',
    description: 'Console sign-in through the account’s identity provider (OpenID Connect or SAML 2.0): the connection, its test and enforcement, claimed domains, and starting a sign-in by email.',
    endpoints: accountSsoEndpoints,
  },
  { name: 'Instances', description: 'Managed instances: create, list, read, change, start, stop, terminate.', endpoints: instanceEndpoints },
  { name: 'Instance configuration', description: 'An instance’s configuration: retention, CORS, network access list, maintenance window, single sign-on, disk usage.', endpoints: configEndpoints },
  { name: 'Disk', description: 'An instance’s disk: upgrades and clean-ups.', endpoints: diskEndpoints },
  { name: 'Backups', description: 'An instance’s backups: list, take one now, restore one.', endpoints: backupEndpoints },
  { name: 'Versions', description: 'The product versions an instance can run, and upgrades.', endpoints: versionEndpoints },
  { name: 'Instance switch', description: 'Moving an instance to another size or plan.', endpoints: switchEndpoints },
  { name: 'Monitoring', description: 'An instance’s metrics.', endpoints: monitoringEndpoints },
  { name: 'Alerts', description: 'Alert rules on an instance’s metrics.', endpoints: alertEndpoints },
  { name: 'JavaScript errors', description: 'The errors an instance recorded, and the source maps that make them readable.', endpoints: jsErrorEndpoints },
  { name: 'Projects', description: 'Projects: the sites an instance records, each with its project key.', endpoints: projectEndpoints },
  { name: 'Session settings', description: 'What the recorder captures in sessions.', endpoints: sessionSettingsEndpoints },
  { name: 'Logger options', description: 'The tracker’s logger options: allowed domains, IP list, data obscuring.', endpoints: loggerOptionsEndpoints },
  { name: 'Billing', description: 'Plans, billing details, invoices.', endpoints: billingEndpoints },
  { name: 'Team', description: 'Members, roles and the audit trail.', endpoints: teamEndpoints },
  { name: 'Invitations', description: 'Reading and accepting an invitation to join an account.', endpoints: invitationEndpoints },
  { name: 'API keys', description: 'API keys (`rck_…`) for programs: create, rotate, revoke. For people only.', endpoints: apiKeyEndpoints },
  { name: 'Webhooks', description: 'Webhooks that send the account’s events to an address, and their deliveries.', endpoints: webhookEndpoints },
  { name: 'Notifications', description: 'The signed-in person’s notifications.', endpoints: notificationEndpoints },
  { name: 'Onboarding', description: 'The first steps of a new account.', endpoints: onboardingEndpoints },
  { name: 'Console modules', description: 'Which optional console modules the person shows.', endpoints: consoleModuleEndpoints },
  { name: 'Permissions', description: 'Who may do what: the permission viewer.', endpoints: permissionViewerEndpoints },
  { name: 'Support', description: 'The support chat: the account’s conversations with the people who run the console, for its members.', endpoints: supportEndpoints },
  {
    name: 'Support (operators)',
    description: 'The operators’ side of the support chat, with the operator token only: every account’s conversations, replies, internal notes, close and reopen.',
    endpoints: operatorSupportEndpoints,
  },
  { name: 'Provisioning', description: 'SCIM provisioning, the owner’s side: the SCIM token (shown once, rotated, revoked) and the role each SCIM group gives.', endpoints: scimAdminEndpoints },
  {
    name: 'SCIM 2.0',
    description: 'The SCIM service (RFC 7643/7644) under /api/scim/v2, for the account’s identity provider with its SCIM token: Users, Groups, filtering, PATCH, paging.',
    endpoints: scimEndpoints,
  },
];

/** The tag of each endpoint, by the endpoint object (names may repeat across files; objects do not). */
export function tagOf(e: Endpoint): string | undefined {
  return TAG_GROUPS.find((group) => Object.values(group.endpoints).includes(e))?.name;
}
