import type { Rolldown } from 'vite';

/**
 * How the build groups modules into chunks (vite.config.ts), and the names the checks read
 * back (e2e/public-pages.test.ts). Two pulls:
 * - A page opened without a session (the prerendered /login, /signup) must load nothing of
 *   the signed-in console: the code a page starts with (rolldown's `$initial` modules) is
 *   grouped apart from the rest, always at a higher priority, so no later group can pull a
 *   signed-in module into a chunk the start loads.
 * - A signed-in page fetches the shell's and its screen's files at once, over a browser's six
 *   connections per host, where each file costs a round trip on a slow network (a hundred
 *   files were ~2.4 s of Lighthouse's slow 4G): the signed-in code comes in a few chunks,
 *   grouped by the set of screens that use it, small sets merged.
 * The code a page starts with stays in chunks small enough that each evaluates in a short
 * task: the prerendered pages' loader runs them one by one (load-after-paint.js), so the page
 * keeps answering input while the app starts (total blocking time counts each task's time
 * beyond 50 ms); the schemas, most of the start's work, a file each.
 */

/** The endpoint files a page without a session may load: its calls, and the session's start. */
export const PUBLIC_ENDPOINT_GROUPS = ['auth', 'account', 'mfa', 'webauthn', 'system', 'onboarding'];

const CONTRACTS = /packages[\\/]contracts[\\/]src[\\/]/;
const APP_OR_LIBRARY = /apps[\\/]web[\\/]src[\\/]|node_modules[\\/]/;

/** Every module but one loaded lazily (a screen, the shell, a drawer): each of those stays the chunk its import loads. */
function unlessLazy(name: string): (moduleId: string, ctx: Rolldown.ChunkingContext) => string | null {
  return (moduleId, ctx) => (ctx.getModuleInfo(moduleId)?.dynamicImporters.length ? null : name);
}
/** Sets of screens whose shared code is smaller than this are merged into a neighbour's chunk. */
const MERGE_BELOW_BYTES = 20_000;

/**
 * `rules-account` for packages/contracts/src/account.ts, `rules-endpoints-team` for its
 * endpoints/team.ts. The index files are left out: as chunks of their own they would
 * import every file they re-export, and each page would load all the rules.
 */
export function contractsChunk(moduleId: string): string | null {
  const file = moduleId.split(CONTRACTS)[1];
  if (!file || /(^|[\\/])index\.ts$/.test(file)) return null;
  return `rules-${file.replace(/\.ts$/, '').replace(/[\\/]/g, '-')}`;
}

export const CHUNK_GROUPS: Rolldown.CodeSplittingGroup[] = [
  { name: 'react-dom', test: /node_modules[\\/](react-dom|scheduler)[\\/]/, priority: 6 },
  // zod with the contracts' setting of it (no code built from strings: the CSP forbids eval),
  // so that the setting is in place before any chunk builds a schema.
  { name: 'zod', test: /node_modules[\\/]zod[\\/]|packages[\\/]contracts[\\/]src[\\/]zod-config\.ts$/, priority: 6 },
  // What a page starts with.
  { name: contractsChunk, test: CONTRACTS, tags: ['$initial'], priority: 5 },
  { name: 'mantine', test: /node_modules[\\/]@mantine[\\/]/, tags: ['$initial'], priority: 5 },
  { name: 'icons', test: /node_modules[\\/]@tabler[\\/]/, tags: ['$initial'], priority: 5 },
  { name: unlessLazy('start'), test: APP_OR_LIBRARY, tags: ['$initial'], priority: 5 },
  // What only signed-in screens use.
  { name: 'rules-console', test: CONTRACTS, priority: 4 },
  { name: 'mantine-console', test: /node_modules[\\/]@mantine[\\/]/, priority: 4 },
  { name: 'icons-console', test: /node_modules[\\/]@tabler[\\/]/, priority: 4 },
  { name: unlessLazy('console'), test: APP_OR_LIBRARY, minShareCount: 2, entriesAware: true, entriesAwareMergeThreshold: MERGE_BELOW_BYTES, priority: 3 },
];
