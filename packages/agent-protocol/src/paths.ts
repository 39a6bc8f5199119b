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
  resizeDisk: { method: 'POST', path: '/api/admin/disk' },
} as const;

export type AdminCallName = keyof typeof ADMIN_ROUTES;

/** Anyone may ask, the console and its users' browsers (CORS for the console's origin), without credentials. */
export const HEALTH_ROUTE = { method: 'GET', path: '/api/health' } as const;

/** Where a user opens a console login token (`?token=`): the agent signs them in once and redirects to its home page. */
export const LOGIN_PATH = '/login';

/** Where trackers send recorded events (POST, with the project key), from the sites the CORS origins allow. */
export const INGEST_PATH = '/api/events';
