import { SITE_ROUTE_PATTERNS, routes } from '@replay/contracts';

/**
 * The module of each signed-in screen's chunk, by the address pattern AppRoutes matches it
 * with: the build announces that chunk's files in the page a visit to such an address gets
 * (prerender-pages.ts, apps/server/src/plugins/web.ts), so the browser fetches them with the
 * page. AppRoutes imports the same modules lazily; a test holds the two lists together.
 */
export const SCREEN_MODULES: readonly (readonly [pattern: string, module: string])[] = [
  [routes.instancesCreate(), 'src/routes/instances/CreateInstancePage.tsx'],
  [routes.instances(), 'src/routes/instances/InstancesPage.tsx'],
  [routes.msInstances(), 'src/routes/instances/InstancesPage.tsx'],
  ['/instances/:instanceId', 'src/routes/instances/InstanceDetailsPage.tsx'],
  [routes.activities(), 'src/routes/activities/ActivitiesPage.tsx'],
  [routes.members(), 'src/routes/members/MembersPage.tsx'],
  [routes.roles(), 'src/routes/roles/RolesPage.tsx'],
  [routes.client('audit'), 'src/routes/audit/AuditPage.tsx'],
  [routes.client('notifications'), 'src/routes/notifications/NotificationsPage.tsx'],
  [routes.client('webhooks'), 'src/routes/webhooks/WebhooksPage.tsx'],
  [routes.client('projects'), 'src/routes/projects/ProjectsPage.tsx'],
  [routes.client('sessions-listing'), 'src/routes/session-settings/SessionSettingsPage.tsx'],
  [routes.client('modules'), 'src/routes/console-modules/ModulesPage.tsx'],
  [SITE_ROUTE_PATTERNS.errors, 'src/routes/errors/ErrorsPage.tsx'],
  [SITE_ROUTE_PATTERNS.error, 'src/routes/errors/ErrorDetailsPage.tsx'],
  [routes.billing(), 'src/routes/billing/BillingPage.tsx'],
  [`${routes.account()}/*`, 'src/routes/account/AccountLayout.tsx'],
  [routes.client('sso'), 'src/routes/account/AccountLayout.tsx'],
  [SITE_ROUTE_PATTERNS.onboarding, 'src/routes/onboarding/OnboardingPage.tsx'],
  [SITE_ROUTE_PATTERNS.alerts, 'src/routes/alerts/AlertsPage.tsx'],
  [SITE_ROUTE_PATTERNS.alertCreate, 'src/routes/alerts/AlertRulePage.tsx'],
  [SITE_ROUTE_PATTERNS.alert, 'src/routes/alerts/AlertRulePage.tsx'],
];
