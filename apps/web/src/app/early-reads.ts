import { API_PREFIX, accountEndpoints, systemEndpoints } from '@replay/contracts';
import { firstListPath } from '../features/instances/api';
import { callPath } from '../lib/api';

/**
 * The first reads a signed-in page's loader sends as soon as the session's token is there
 * (load-after-paint.js; lib/api/early-session.ts takes them): what the page cannot show
 * anything without, so that it travels while the app's code loads instead of after.
 * The build writes them into each signed-in page (prerender-pages.ts).
 */

/**
 * Public reads every signed-in page makes: sent at once, with no token (the answer is the same
 * for anyone), beside the refresh call. The public configuration names the product in the
 * shell's header.
 */
export const PUBLIC_READS: readonly string[] = [`${API_PREFIX}${callPath(systemEndpoints.publicConfig, {})}`];

/** Every signed-in screen waits for the account (who, and what they may see). */
export const SESSION_READS: readonly string[] = [`${API_PREFIX}${callPath(accountEndpoints.account, {})}`];

/**
 * A screen's own first data, by its module as SCREEN_MODULES names it, for an address without
 * a query (the loader skips these otherwise: a query asks for another view). Only screens
 * whose first read the address alone decides are here.
 */
export const SCREEN_READS: Readonly<Record<string, readonly string[]>> = {
  'src/routes/instances/InstancesPage.tsx': [`${API_PREFIX}${firstListPath()}`],
};
