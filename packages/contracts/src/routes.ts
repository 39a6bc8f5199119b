/**
 * Route builders of spec section 2, shared by the web app (links, redirects)
 * and the server (mail links, redirects). Every builder accepts optional query
 * parameters and an anchor.
 */

export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue | readonly QueryValue[]>;

export interface RouteOptions {
  query?: QueryParams;
  /** Appended as `#anchor`; a leading '#' is accepted and not doubled. */
  anchor?: string;
}

export const CLIENT_TABS = [
  'integrations',
  'account',
  'sessions-listing',
  'team',
  'roles',
  'projects',
  'metadata',
  'webhooks',
  'notifications',
  'support',
  'audit',
  'billing',
  'modules',
  'sso',
] as const;
export type ClientTab = (typeof CLIENT_TABS)[number];

export const ONBOARDING_TABS = ['installing', 'identify-users', 'team', 'integrations'] as const;
export type OnboardingTab = (typeof ONBOARDING_TABS)[number];

/** The four account sub-routes; the first one is the default. */
export const ACCOUNT_TABS = ['profile', 'organization', 'api-keys', 'provisioning', 'session'] as const;
export type AccountTab = (typeof ACCOUNT_TABS)[number];

function queryString(query: QueryParams | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, raw] of Object.entries(query)) {
    const values = Array.isArray(raw) ? raw : [raw];
    for (const value of values as readonly QueryValue[]) {
      if (value === undefined || value === null) continue;
      params.append(key, String(value));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** `path` plus `?query` (empty values left out) plus `#anchor`. */
export function buildPath(path: string, opts: RouteOptions = {}): string {
  const anchor = opts.anchor ? `#${opts.anchor.replace(/^#/, '')}` : '';
  return `${path}${queryString(opts.query)}${anchor}`;
}

const SITE_PREFIXED = ['/alerts', '/alert/create', '/alert/', '/errors', '/onboarding'] as const;

/** True for the paths the spec prefixes with the project id. */
export function needsSiteId(path: string): boolean {
  return SITE_PREFIXED.some((prefix) => path.startsWith(prefix));
}

/** Prefixes `/{siteId}` onto the paths that take one; any other path is returned unchanged. */
export function withSiteId(path: string, siteId: string | number): string {
  return needsSiteId(path) ? `/${encodeURIComponent(String(siteId))}${path}` : path;
}

const id = (value: string | number) => encodeURIComponent(String(value));

/** A project's id (the spec's {siteId}); an instance's default project has the instance's id. */
export type SiteId = string | number;

/**
 * The router's patterns of the site's screens, `:siteId` standing for the project: the
 * builders' paths with the parameter in place of a site (a builder would encode the colon).
 */
export const SITE_ROUTE_PATTERNS = {
  errors: '/:siteId/errors',
  error: '/:siteId/errors/:errorId',
  alerts: '/:siteId/alerts',
  alertCreate: '/:siteId/alert/create',
  alert: '/:siteId/alert/:alertId',
  onboarding: '/:siteId/onboarding/:tab',
} as const;

export const routes = {
  login: (opts?: RouteOptions) => buildPath('/login', opts),
  signup: (opts?: RouteOptions) => buildPath('/signup', opts),
  resetPassword: (opts?: RouteOptions) => buildPath('/reset-password', opts),
  /** The joining page an invitation mail links to (`?token=…`). */
  invitation: (opts?: RouteOptions) => buildPath('/invitation', opts),
  /** Where the console sends the browser back from the identity provider (`#ticket=…`), to open the session. */
  ssoComplete: (opts?: RouteOptions) => buildPath('/sso/complete', opts),
  client: (activeTab: ClientTab = 'account', opts?: RouteOptions) => buildPath(`/client/${activeTab}`, opts),
  onboarding: (siteId: SiteId, activeTab: OnboardingTab = 'installing', opts?: RouteOptions) => withSiteId(buildPath(`/onboarding/${activeTab}`, opts), siteId),
  instances: (opts?: RouteOptions) => buildPath('/instances', opts),
  /** The operators' support queue: reached with the console's OPERATOR_TOKEN, not a member's session. */
  operatorSupport: (opts?: RouteOptions) => buildPath('/operator/support', opts),
  /** The same list under the managed-services prefix. */
  msInstances: (opts?: RouteOptions) => buildPath('/ms/instances', opts),
  instancesCreate: (opts?: RouteOptions) => buildPath('/instances/create', opts),
  instance: (instanceId: string | number, opts?: RouteOptions) => buildPath(`/instances/${id(instanceId)}`, opts),
  billing: (opts?: RouteOptions) => buildPath('/billing', opts),
  activities: (opts?: RouteOptions) => buildPath('/activities', opts),
  members: (opts?: RouteOptions) => buildPath('/members', opts),
  roles: (opts?: RouteOptions) => buildPath('/roles', opts),
  /** `/account`, or one of its sub-routes when a tab is given. */
  account: (tab?: AccountTab, opts?: RouteOptions) => buildPath(tab ? `/account/${tab}` : '/account', opts),
  /*
   * The site's screens (spec: paths starting with /alerts, /alert/create, /alert/, /errors and
   * /onboarding are prefixed with the project id {siteId}): each builder takes the site and
   * prefixes it itself, so no caller can forget it.
   */
  errors: (siteId: SiteId, opts?: RouteOptions) => withSiteId(buildPath('/errors', opts), siteId),
  error: (siteId: SiteId, errorId: string | number, opts?: RouteOptions) => withSiteId(buildPath(`/errors/${id(errorId)}`, opts), siteId),
  alerts: (siteId: SiteId, opts?: RouteOptions) => withSiteId(buildPath('/alerts', opts), siteId),
  alertCreate: (siteId: SiteId, opts?: RouteOptions) => withSiteId(buildPath('/alert/create', opts), siteId),
  alert: (siteId: SiteId, alertId: string | number, opts?: RouteOptions) => withSiteId(buildPath(`/alert/${id(alertId)}`, opts), siteId),
} as const;

/** Public routes with nowhere better to come back to after signing in. */
export const BASE_ROUTES: readonly string[] = ['/', routes.login(), routes.signup(), routes.resetPassword(), routes.invitation(), routes.ssoComplete(), routes.operatorSupport()];

export function isBaseRoute(pathWithQuery: string): boolean {
  const path = pathWithQuery.split(/[?#]/)[0] ?? '';
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return trimmed === '' || BASE_ROUTES.includes(trimmed);
}

export * from './screens';
