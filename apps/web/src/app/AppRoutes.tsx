import { Suspense, type ReactElement } from 'react';
import { Navigate, Route, Routes, matchPath } from 'react-router';
import { SITE_ROUTE_PATTERNS, routes } from '@replay/contracts';
import { PageLoader } from '../components/PageLoader';
import { publicConfigQuery } from '../features/config/api';
import { lazyRoute, type PrefetchContext } from '../lib/lazy';
import LoginPage from '../routes/login/LoginPage';
import ResetPasswordPage from '../routes/reset-password/ResetPasswordPage';
import SignupPage from '../routes/signup/SignupPage';
import { ClientTabRedirect } from './ClientTabRedirect';
import { ConsoleShell, PublicOnly, RequireScreen, RequireSession } from './session/guards';
import { RequireModule } from '../features/console-modules/ModuleOff';

// The public screens are small and link to each other: they ship with the entry,
// so moving between them never waits for a chunk (nor shows the old screen meanwhile).
// Everything behind the session is a lazy chunk of its own.
const InstancesPage = lazyRoute('instances', () => import('../routes/instances/InstancesPage'));
const CreateInstancePage = lazyRoute('instances-create', () => import('../routes/instances/CreateInstancePage'));
const InstanceDetailsPage = lazyRoute('instance', () => import('../routes/instances/InstanceDetailsPage'));
const ActivitiesPage = lazyRoute('activities', () => import('../routes/activities/ActivitiesPage'));
const MembersPage = lazyRoute('members', () => import('../routes/members/MembersPage'));
const RolesPage = lazyRoute('roles', () => import('../routes/roles/RolesPage'));
const AuditPage = lazyRoute('audit', () => import('../routes/audit/AuditPage'));
const NotificationsPage = lazyRoute('notifications', () => import('../routes/notifications/NotificationsPage'));
const WebhooksPage = lazyRoute('webhooks', () => import('../routes/webhooks/WebhooksPage'));
const ErrorsPage = lazyRoute('errors', () => import('../routes/errors/ErrorsPage'));
const ErrorDetailsPage = lazyRoute('error', () => import('../routes/errors/ErrorDetailsPage'));
const SessionSettingsPage = lazyRoute('session-settings', () => import('../routes/session-settings/SessionSettingsPage'));
const ModulesPage = lazyRoute('modules', () => import('../routes/console-modules/ModulesPage'));
// The joining page is public but rarely opened: a small chunk of its own, outside the entry.
const InvitationPage = lazyRoute('invitation', () => import('../routes/invitation/InvitationPage'));
// The operators' support screen: no member session, the operator token instead; a chunk of its own.
const OperatorSupportPage = lazyRoute('operator-support', () => import('../routes/operator/OperatorSupportPage'));
const SsoCompletePage = lazyRoute('sso-complete', () => import('../routes/sso/SsoCompletePage'));
const BillingPage = lazyRoute('billing', () => import('../routes/billing/BillingPage'));
const AccountLayout = lazyRoute('account', () => import('../routes/account/AccountLayout'));
const ProfilePage = lazyRoute('account-profile', () => import('../routes/account/ProfilePage'));
const OrganizationPage = lazyRoute('account-organization', () => import('../routes/account/OrganizationPage'));
const ApiKeysPage = lazyRoute('account-api-keys', () => import('../routes/account/ApiKeysPage'));
const ProvisioningPage = lazyRoute('account-provisioning', () => import('../routes/account/ProvisioningPage'));
const SsoSettingsPage = lazyRoute('account-sso', () => import('../routes/account/SsoSettingsPage'));
const AlertsPage = lazyRoute('alerts', () => import('../routes/alerts/AlertsPage'));
const AlertRulePage = lazyRoute('alert', () => import('../routes/alerts/AlertRulePage'));
const SessionPage = lazyRoute('account-session', () => import('../routes/account/SessionPage'));
const OnboardingPage = lazyRoute('onboarding', () => import('../routes/onboarding/OnboardingPage'));
// The /{siteId}/… screens' site and its instance (loaded with them, not with the shell).
const SiteScope = lazyRoute('site', () => import('../features/projects/SiteScope'));
const ProjectsPage = lazyRoute('projects', () => import('../routes/projects/ProjectsPage'));

/** The signed-in screens by path, for preloadSignedIn (the build preloads their files too: screen-modules.ts). */
export const SIGNED_IN_SCREENS: readonly [pattern: string, screen: { preload(prefetch?: PrefetchContext): Promise<void> }][] = [
  [routes.instancesCreate(), CreateInstancePage],
  [routes.instances(), InstancesPage],
  [routes.msInstances(), InstancesPage],
  ['/instances/:instanceId', InstanceDetailsPage],
  [routes.activities(), ActivitiesPage],
  [routes.members(), MembersPage],
  [routes.roles(), RolesPage],
  [routes.client('audit'), AuditPage],
  [routes.client('notifications'), NotificationsPage],
  [routes.client('webhooks'), WebhooksPage],
  [routes.client('projects'), ProjectsPage],
  [routes.client('sessions-listing'), SessionSettingsPage],
  [routes.client('modules'), ModulesPage],
  [SITE_ROUTE_PATTERNS.errors, ErrorsPage],
  [SITE_ROUTE_PATTERNS.error, ErrorDetailsPage],
  [routes.billing(), BillingPage],
  [`${routes.account()}/*`, AccountLayout],
  [routes.client('sso'), AccountLayout],
  [SITE_ROUTE_PATTERNS.onboarding, OnboardingPage],
  [SITE_ROUTE_PATTERNS.alerts, AlertsPage],
  [SITE_ROUTE_PATTERNS.alertCreate, AlertRulePage],
  [SITE_ROUTE_PATTERNS.alert, AlertRulePage],
];

/**
 * A page opened with a session (a reload, a link): fetch the console's shell and the
 * screen's chunk while the session opens, rather than one after the other once it is
 * open (token, then account, then shell, then screen: four round trips in a row); and
 * the screen's first data as soon as the session is open, beside the account's; and the
 * public configuration at once.
 */
export function preloadSignedIn(location: { pathname: string; search: string }, prefetch: Omit<PrefetchContext, 'search'>): Promise<void> {
  void ConsoleShell.preload();
  // Public, and read by the shell (and by the login screen, should the session not open):
  // asked for now rather than once the shell has rendered, which then renders again.
  void prefetch.queryClient.prefetchQuery(publicConfigQuery);
  const screen = SIGNED_IN_SCREENS.find(([pattern]) => matchPath(pattern, location.pathname))?.[1];
  return screen ? screen.preload({ ...prefetch, search: new URLSearchParams(location.search) }) : Promise.resolve();
}

type ScreenName = Parameters<typeof RequireScreen>[0]['screen'];
type ModuleName = Parameters<typeof RequireModule>[0]['module'];

/** A screen behind its permission; an optional module's screens also behind its switch, and a site's in its scope. */
function guarded(page: ReactElement, screen: ScreenName, module?: ModuleName, site?: 'site'): ReactElement {
  const scoped = site ? <SiteScope>{page}</SiteScope> : page;
  return <RequireScreen screen={screen}>{module ? <RequireModule module={module}>{scoped}</RequireModule> : scoped}</RequireScreen>;
}

/** A screen loaded on first use, with the page loader meanwhile. */
const loaded = (page: ReactElement): ReactElement => <Suspense fallback={<PageLoader />}>{page}</Suspense>;

/** Every screen of this release; unknown paths in the signed-in area go to the instances list. */
export function AppRoutes() {
  return (
    <Routes>
      {/* Open with or without a session: a signed-in person may still accept an invitation sent to someone else. */}
      <Route path={routes.invitation()} element={loaded(<InvitationPage />)} />
      <Route path={routes.operatorSupport()} element={loaded(<OperatorSupportPage />)} />
      <Route path={routes.ssoComplete()} element={loaded(<SsoCompletePage />)} />
      <Route element={<PublicOnly />}>
        <Route path={routes.login()} element={<LoginPage />} />
        <Route path={routes.signup()} element={<SignupPage />} />
        <Route path={routes.resetPassword()} element={<ResetPasswordPage />} />
      </Route>
      <Route element={<RequireSession />}>
        <Route path={routes.instances()} element={guarded(<InstancesPage />, 'instances')} />
        <Route path={routes.msInstances()} element={guarded(<InstancesPage />, 'instances')} />
        <Route path={routes.instancesCreate()} element={guarded(<CreateInstancePage />, 'instancesCreate')} />
        <Route path="/instances/:instanceId" element={guarded(<InstanceDetailsPage />, 'instances')} />
        {/* Activity guards itself: without VIEW_ACTIVITY it shows its own no-access panel (spec section 6). */}
        <Route path={routes.activities()} element={<ActivitiesPage />} />
        <Route path={routes.members()} element={guarded(<MembersPage />, 'members')} />
        <Route path={routes.roles()} element={guarded(<RolesPage />, 'roles')} />
        <Route path={routes.client('audit')} element={guarded(<AuditPage />, 'audit')} />
        <Route path={routes.client('notifications')} element={<NotificationsPage />} />
        <Route path={routes.client('projects')} element={guarded(<ProjectsPage />, 'instances')} />
        <Route path={routes.client('webhooks')} element={guarded(<WebhooksPage />, 'integrations', 'webhooks')} />
        <Route path={routes.client('sessions-listing')} element={guarded(<SessionSettingsPage />, 'instances')} />
        {/* Every member sees the modules; only an admin may switch them (the page is read-only otherwise). */}
        <Route path={routes.client('modules')} element={<ModulesPage />} />
        {/* An optional module's screens: its 'switched off' panel while the account has it off (features/console-modules). */}
        <Route path={SITE_ROUTE_PATTERNS.errors} element={guarded(<ErrorsPage />, 'instances', 'errors', 'site')} />
        <Route path={SITE_ROUTE_PATTERNS.error} element={guarded(<ErrorDetailsPage />, 'instances', 'errors', 'site')} />
        {/* Single sign-on is an Account tab at the spec's /client/sso; the page itself tells a non-owner why it is closed. */}
        <Route path={routes.client('sso')} element={<AccountLayout />}>
          <Route index element={<SsoSettingsPage />} />
        </Route>
        {/* The other /client tabs lead to the screens that hold them (ClientTabRedirect). */}
        <Route path="/client/:tab" element={<ClientTabRedirect />} />
        <Route path={routes.billing()} element={guarded(<BillingPage />, 'billing')} />
        <Route path={SITE_ROUTE_PATTERNS.onboarding} element={guarded(<OnboardingPage />, 'instances', 'getting-started', 'site')} />
        {/* A site's alert rules (the spec's /{siteId}/alerts… routes): the rules of the project's instance. */}
        <Route path={SITE_ROUTE_PATTERNS.alerts} element={guarded(<AlertsPage />, 'instances', 'alerts', 'site')} />
        <Route path={SITE_ROUTE_PATTERNS.alertCreate} element={guarded(<AlertRulePage />, 'instancesEdit', 'alerts', 'site')} />
        <Route path={SITE_ROUTE_PATTERNS.alert} element={guarded(<AlertRulePage />, 'instances', 'alerts', 'site')} />
        <Route path={routes.account()} element={<AccountLayout />}>
          <Route index element={<Navigate to={routes.account('profile')} replace />} />
          <Route path="profile" element={<ProfilePage />} />
          <Route path="organization" element={<OrganizationPage />} />
          <Route path="api-keys" element={<ApiKeysPage />} />
          <Route path="provisioning" element={<ProvisioningPage />} />
          <Route path="session" element={<SessionPage />} />
          <Route path="*" element={<Navigate to={routes.account('profile')} replace />} />
        </Route>
        <Route path="*" element={<Navigate to={routes.instances()} replace />} />
      </Route>
    </Routes>
  );
}
