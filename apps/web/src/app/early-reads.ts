import { type SessionOpeningRead } from '@replay/contracts';

/**
 * The first reads a signed-in page's loader asks its session's opening to carry
 * (load-after-paint.js: GET /refresh?with=…; lib/api/early-session.ts hands each answer to the
 * app's call of that address): what the page cannot show anything without, so that it travels
 * with the token, while the app's code loads, rather than a round trip after it. The build
 * writes them into each signed-in page (prerender-pages.ts), with the address each read is
 * (SESSION_OPENING_READ_PATHS, in the contracts: the server answers each by making that call).
 */

/**
 * Public reads every signed-in page makes (the answer is the same for anyone, and the app asks
 * for it without a token). The public configuration names the product in the shell's header.
 */
export const PUBLIC_READS: readonly SessionOpeningRead[] = ['public-config'];

/** Every signed-in screen waits for the account (who, and what they may see). */
export const SESSION_READS: readonly SessionOpeningRead[] = ['account'];

/**
 * A screen's own first data, by its module as SCREEN_MODULES names it, for an address without
 * a query (the loader skips these otherwise: a query asks for another view). Only screens
 * whose first read the address alone decides are here.
 */
export const SCREEN_READS: Readonly<Record<string, readonly SessionOpeningRead[]>> = {
  'src/routes/instances/InstancesPage.tsx': ['instances'],
};
