import type { Rolldown } from 'vite';

/**
 * How the build groups modules into chunks (vite.config.ts), and the names the checks read
 * back (e2e/public-pages.test.ts). Two pulls:
 * - A page opened without a session (the prerendered /login, /signup) must load nothing of
 *   the signed-in console: the code a page starts with (rolldown's `$initial` modules) is
 *   grouped apart from the rest, always at a higher priority, so no later group can pull a
 *   signed-in module into a chunk the start loads.
 * - A signed-in page fetches the shell's and its screen's files at once, over a browser's six
 *   connections per host, where each file costs a round trip on a slow network: the fewer
 *   files, the sooner the page can run. A hundred files were ~2.4 s of Lighthouse's slow 4G;
 *   29 still put the list's paint at 3.7 s, 14 at 3.2 s (bench/lighthouse.ts). So the
 *   signed-in code comes in three chunks besides the screen's own: its rules, its libraries'
 *   components and icons, and the app's modules two screens or more share. A screen then
 *   loads a few kB it does not use, in place of a round trip per set of screens.
 * The chunks a page starts with evaluate one by one, each in a task of its own
 * (load-after-paint.js), so the page keeps answering input while the app starts.
 */

/** The endpoint files a page without a session may load: its calls, and the session's start. */
export const PUBLIC_ENDPOINT_GROUPS = ['auth', 'account', 'mfa', 'webauthn', 'system', 'onboarding'];

/** The chunks only signed-in screens load (a public page loading one is a defect: e2e/public-pages.test.ts). */
export const SIGNED_IN_GROUPS = ['rules-console', 'mantine-console', 'console'];

const CONTRACTS = /packages[\\/]contracts[\\/]src[\\/]/;
const ENDPOINT_FILE = /packages[\\/]contracts[\\/]src[\\/]endpoints[\\/]([\w-]+)\.ts$/;
const APP_OR_LIBRARY = /apps[\\/]web[\\/]src[\\/]|node_modules[\\/]/;

/** Every module but one loaded lazily (a screen, the shell, a drawer): each of those stays the chunk its import loads. */
function unlessLazy(name: string): (moduleId: string, ctx: Rolldown.ChunkingContext) => string | null {
  return (moduleId, ctx) => (ctx.getModuleInfo(moduleId)?.dynamicImporters.length ? null : name);
}

/**
 * The contracts a page starts with, in one chunk: and the build fails should that take an
 * endpoint file of the signed-in console (an import that reached the whole endpoint table
 * once put ~40 kB of it into /login).
 */
export function startRules(moduleId: string): string {
  const group = ENDPOINT_FILE.exec(moduleId)?.[1];
  if (group && group !== 'index' && !PUBLIC_ENDPOINT_GROUPS.includes(group)) {
    throw new Error(`${moduleId} is in the code a public page starts with; only the endpoints of ${PUBLIC_ENDPOINT_GROUPS.join(', ')} may be`);
  }
  return 'rules-start';
}

export const CHUNK_GROUPS: Rolldown.CodeSplittingGroup[] = [
  { name: 'react-dom', test: /node_modules[\\/](react-dom|scheduler)[\\/]/, priority: 6 },
  // zod with the contracts' setting of it (no code built from strings: the CSP forbids eval),
  // so that the setting is in place before any chunk builds a schema.
  { name: 'zod', test: /node_modules[\\/]zod[\\/]|packages[\\/]contracts[\\/]src[\\/]zod-config\.ts$/, priority: 6 },
  // What a page starts with.
  { name: startRules, test: CONTRACTS, tags: ['$initial'], priority: 5 },
  { name: 'mantine', test: /node_modules[\\/]@mantine[\\/]/, tags: ['$initial'], priority: 5 },
  { name: 'icons', test: /node_modules[\\/]@tabler[\\/]/, tags: ['$initial'], priority: 5 },
  { name: unlessLazy('start'), test: APP_OR_LIBRARY, tags: ['$initial'], priority: 5 },
  // What only signed-in screens use (SIGNED_IN_GROUPS).
  { name: 'rules-console', test: CONTRACTS, priority: 4 },
  { name: 'mantine-console', test: /node_modules[\\/](@mantine|@tabler)[\\/]/, priority: 4 },
  { name: unlessLazy('console'), test: APP_OR_LIBRARY, minShareCount: 2, priority: 3 },
];
