/**
 * Where the agent answers the console: method and path of each call. Plain
 * values (no zod), so the agent can mount its routes before it loads the
 * schemas that check them (calls.ts pairs each with its body and answer).
 */
export const ADMIN_ROUTES = {
  stats: { method: 'GET', path: '/api/stats' },
  readConfig: { method: 'GET', path: '/api/admin/config' },
  applyConfig: { method: 'POST', path: '/api/admin/config' },
  cleanup: { method: 'POST', path: '/api/admin/cleanup' },
  cleanupPreview: { method: 'POST', path: '/api/admin/cleanup-preview' },
  backup: { method: 'POST', path: '/api/admin/backup' },
  restore: { method: 'POST', path: '/api/admin/restore' },
  deleteBackup: { method: 'POST', path: '/api/admin/backup/delete' },
  resizeDisk: { method: 'POST', path: '/api/admin/disk' },
  ssoStatus: { method: 'GET', path: '/api/admin/sso' },
  errors: { method: 'POST', path: '/api/admin/errors' },
  error: { method: 'POST', path: '/api/admin/error' },
  uploadSourceMap: { method: 'POST', path: '/api/admin/source-maps' },
  sourceMaps: { method: 'POST', path: '/api/admin/source-maps/list' },
  deleteSourceMap: { method: 'POST', path: '/api/admin/source-maps/delete' },
  activity: { method: 'POST', path: '/api/admin/activity' },
  accessCheck: { method: 'POST', path: '/api/admin/access-check' },
} as const;

export type AdminCallName = keyof typeof ADMIN_ROUTES;

/** Anyone may ask, the console and its users' browsers (CORS for the console's origin), without credentials. */
export const HEALTH_ROUTE = { method: 'GET', path: '/api/health' } as const;

/** Where a user opens a console login token (`?token=`): the agent signs them in once and redirects to its home page. */
export const LOGIN_PATH = '/login';

/** Where trackers send recorded events (POST, with the project key), from the sites the CORS origins allow. */
export const INGEST_PATH = '/api/events';

/** The instance's tracker as a classic script (anyone may load it): `window.ReplayTracker`, which sends to INGEST_PATH. The version the instance serves now. */
export const TRACKER_SCRIPT_PATH = '/tracker.js';

/**
 * The tracker (packages/tracker) at versioned addresses of the instance, which never change
 * (served immutable): the browser script, and the npm package as a tarball for
 * `npm install <instance>/tracker/<version>/tracker.tgz`. Anyone may load them.
 */
export const trackerScriptPathOf = (trackerVersion: string): string => `/tracker/${trackerVersion}/tracker.js`;
export const trackerTarballPathOf = (trackerVersion: string): string => `/tracker/${trackerVersion}/tracker.tgz`;

/** The logger options and capture settings a tracker applies in the browser (GET, the project key as Bearer), under the ingest CORS rules (tracker-config.ts). */
export const TRACKER_CONFIG_PATH = '/api/tracker-config';

/** Where trackers send JavaScript errors (POST, with the project key), under the same CORS rules as events. */
export const ERRORS_PATH = '/api/errors';

/**
 * The instance's own source-map API (POST: the map's JSON as the body, `?release=&fileUrl=&projectId=`;
 * GET: the list), for people signed in to the instance and for the console's admin token, never the
 * project key (it is in every page). A map above SOURCE_MAP_MAX_BYTES is refused with 413.
 */
export const SOURCE_MAPS_PATH = '/api/sourcemaps';
export const SOURCE_MAP_MAX_BYTES = 5 * 1024 * 1024;

/**
 * The instance's own sign-in (issue 12's SSO): a password form for the instance's users,
 * and SAML 2.0 as a service provider. SP-initiated: the sign-in page's button goes to
 * SSO_LOGIN_PATH, which redirects the browser to the IdP with an AuthnRequest (HTTP-Redirect);
 * the IdP posts its signed Response to SSO_ACS_PATH (HTTP-POST). The SP's entity id is the
 * instance's URL followed by SSO_METADATA_PATH, where its metadata is served.
 * SSO_LOGIN_PATH with `?test=1` is the console's 'Test sign-in': the same round trip, which
 * on success records the configuration it passed with (ssoStatus) and shows the result.
 */
export const SIGNIN_PATH = '/signin';
export const SSO_LOGIN_PATH = '/sso/login';
export const SSO_ACS_PATH = '/sso/acs';
export const SSO_METADATA_PATH = '/sso/metadata';
export const SSO_SLO_PATH = '/sso/slo';

/**
 * The bounds of a tracker's batch beside its events (ingest.ts refuses past them with 400; the
 * tracker, packages/tracker, keeps within them): `setUserID`'s id, `setMetadata`'s keys and values.
 */
export const TRACKER_BATCH_LIMITS = { userId: 256, metadataKeys: 50, metadataKey: 64, metadataValue: 1024, events: 10_000 } as const;

/**
 * The tags of the rrweb Custom events (type 5) the tracker adds to a recording: one place for
 * the tracker that writes them, the index that counts errors and the replay that marks them.
 */
export const TRACKER_EVENT_TAGS = { error: 'error', metadata: 'metadata', console: 'replay.console' } as const;

/**
 * The rrweb Plugin events (type 6) the tracker records: console messages (log, info, warn,
 * debug) by rrweb's console plugin, `{ plugin, payload: { level, payload: string[], trace: string[] } }`,
 * each argument as JSON text. The name is the plugin's own (`PLUGIN_NAME` of
 * @rrweb/rrweb-plugin-console-record); the replay reads it from here.
 */
export const TRACKER_CONSOLE_PLUGIN = 'rrweb/console@1';
