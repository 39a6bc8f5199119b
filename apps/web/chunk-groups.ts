import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
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
 *   signed-in code comes in a few chunks besides the screen's own: its rules, its libraries'
 *   components and icons, and the app's modules two screens or more share; each cut in two
 *   by what the landing screens need (below), so that the page most visits open fetches the
 *   least, and any other screen one more file of each.
 * The chunks a page starts with evaluate one by one, each in a task of its own
 * (load-after-paint.js), so the page keeps answering input while the app starts.
 */

/** The endpoint files a page without a session may load: its calls, and the session's start. */
export const PUBLIC_ENDPOINT_GROUPS = ['auth', 'account', 'mfa', 'webauthn', 'system', 'onboarding'];

/** The joining page's endpoints, which a page without a session loads with that screen. */
export const INVITATION_RULES = 'rules-invitation';

/** The chunks only signed-in screens load (a public page loading one is a defect: e2e/public-pages.test.ts). */
export const SIGNED_IN_GROUPS = ['rules-screens', 'mantine-console', 'mantine-screens', 'console', 'console-screens'];

/** The signed-in chunks the landing screens (the shell, the instances list) do without (e2e/live-status.test.ts). */
export const OTHER_SCREENS_GROUPS = ['rules-screens', 'mantine-screens', 'console-screens'];

const CONTRACTS = /packages[\\/]contracts[\\/]src[\\/]/;
const ENDPOINT_FILE = /packages[\\/]contracts[\\/]src[\\/]endpoints[\\/]([\w-]+)\.ts$/;
const APP_OR_LIBRARY = /apps[\\/]web[\\/]src[\\/]|node_modules[\\/]/;

/** Every module but one loaded lazily (a screen, a drawer): each of those stays the chunk its import loads (but the landing's: LANDING_CHUNK). */
function unlessLazy(name: string): (moduleId: string, ctx: Rolldown.ChunkingContext) => string | null {
  return (moduleId, ctx) => (ctx.getModuleInfo(moduleId)?.dynamicImporters.length ? null : name);
}

/**
 * The shell and the screen a sign-in lands on (the instances list), and what they import:
 * - the app's shared modules they import are the `console` chunk, every other shared module
 *   `console-screens`;
 * - the Mantine components and the icons they use are `mantine-console`, every other one
 *   `mantine-screens`;
 * - the contracts' modules they need go in `console` too (one file fewer for the page most
 *   visits open: each file is a round trip of its own), the others are `rules-screens`.
 * So the page most visits open does not fetch the code of screens it does not show (the QR
 * encoder of the two-factor set-up, the number and date fields of the forms). Every screen
 * imports Mantine and the contracts through their index modules, which import everything,
 * so their share is read from the names the landing's modules import from them.
 */
/** The lazily imported module every signed-in screen renders inside. */
export const SHELL_MODULE = 'src/app/shell/ConsoleShell.tsx';
export const LANDING_MODULES = [SHELL_MODULE, 'src/routes/instances/InstancesPage.tsx'];
const LANDING = LANDING_MODULES.map((file) => fileURLToPath(new URL(file, import.meta.url)));
/**
 * The chunk the landing screens' own modules go in, though loaded lazily: the modules the two
 * share (`console`). A sign-in lands there, so it fetches one file where it fetched three (the
 * shell, the list, the shared modules), each a round trip; any other screen loads the two
 * screens' 6 kB with the shared modules it needs anyway.
 */
export const LANDING_CHUNK = 'console';
const MANTINE_INDEX = /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]index\.mjs$/;
const NOT_FOLLOWED = /node_modules[\\/]@mantine[\\/]|packages[\\/]contracts[\\/]/;
const ICON = /node_modules[\\/]@tabler[\\/]/;
const CONTRACTS_INDEX = /packages[\\/]contracts[\\/]src[\\/](endpoints[\\/])?index\.ts$/;
const REEXPORT = /export\s*\{([^}]*)\}\s*from\s*'(\.[^']+)'/g;

/** The names a module's source imports from `pkg` (types left out). */
export function importedNames(source: string, pkg: string): string[] {
  const imports = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*'${pkg.replace(/[/.]/g, '\\$&')}'`, 'g');
  return [...source.matchAll(imports)].flatMap((m) =>
    m[1]!
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part && !part.startsWith('type '))
      .map((part) => part.split(/\s+as\s+/)[0]!),
  );
}

interface LandingReach {
  app: Set<string>;
  mantine: Set<string>;
  contracts: Set<string>;
}
const reachOfBuild = new WeakMap<object, LandingReach>();

/** What the landing screens import, directly or not (static imports only), worked out once per build. */
function landingReach(ctx: Rolldown.ChunkingContext): LandingReach {
  const known = reachOfBuild.get(ctx.getModuleInfo);
  if (known) return known;
  const app = walkImports(ctx, [...LANDING], (id) => !NOT_FOLLOWED.test(id));
  if (app.size === LANDING.length) throw new Error(`the landing screens were not found: ${LANDING.join(', ')}`);
  // Mantine's index module, as the landing's modules import it: which file exports each name.
  const index = [...app].flatMap((id) => ctx.getModuleInfo(id)?.importedIds ?? []).find((id) => MANTINE_INDEX.test(id));
  if (!index) throw new Error('the landing screens import nothing from @mantine/core');
  const fileOf = new Map<string, string>();
  for (const [, names, file] of readFileSync(index, 'utf8').matchAll(REEXPORT)) {
    for (const name of names!.split(','))
      fileOf.set(
        name
          .trim()
          .split(/\s+as\s+/)
          .pop()!,
        resolve(dirname(index), file!),
      );
  }
  const sources = [...app].filter((id) => /\.tsx?$/.test(id) && !id.includes('node_modules')).map((id) => readFileSync(id, 'utf8'));
  const used = sources.flatMap((source) => importedNames(source, '@mantine/core'));
  const unknown = used.filter((name) => !fileOf.has(name));
  if (unknown.length) throw new Error(`@mantine/core's index exports none of: ${unknown.join(', ')}`);
  const mantine = walkImports(
    ctx,
    used.map((name) => fileOf.get(name)!),
    (id) => !MANTINE_INDEX.test(id),
  );
  const reach = { app, mantine, contracts: contractsReach(ctx, app, sources) };
  reachOfBuild.set(ctx.getModuleInfo, reach);
  return reach;
}

/**
 * The contracts' modules the landing screens' imports need: each name they import from
 * '@replay/contracts' is found among the exports of the contracts' modules (their index
 * modules only re-export), then those modules' own imports are followed.
 */
function contractsReach(ctx: Rolldown.ChunkingContext, app: Set<string>, sources: string[]): Set<string> {
  const index = [...app].flatMap((id) => ctx.getModuleInfo(id)?.importedIds ?? []).find((id) => CONTRACTS.test(id) && CONTRACTS_INDEX.test(id));
  if (!index) throw new Error('the landing screens import nothing from @replay/contracts');
  const fileOf = new Map<string, string>();
  const modules = walkImports(ctx, [index], (id) => CONTRACTS.test(id));
  for (const id of modules) if (!CONTRACTS_INDEX.test(id)) for (const name of ctx.getModuleInfo(id)?.exports ?? []) if (!fileOf.has(name)) fileOf.set(name, id);
  const used = sources.flatMap((source) => importedNames(source, '@replay/contracts'));
  const unknown = used.filter((name) => !fileOf.has(name));
  if (unknown.length) throw new Error(`no module of @replay/contracts exports: ${unknown.join(', ')}`);
  return walkImports(ctx, [...new Set(used.map((name) => fileOf.get(name)!))], (id) => CONTRACTS.test(id) && !CONTRACTS_INDEX.test(id));
}

/** The modules `from` import, directly or not, following the imports `follow` accepts. */
function walkImports(ctx: Rolldown.ChunkingContext, from: string[], follow: (id: string) => boolean, into = new Set<string>()): Set<string> {
  for (let id = from.pop(); id !== undefined; id = from.pop()) {
    if (into.has(id)) continue;
    into.add(id);
    for (const imported of ctx.getModuleInfo(id)?.importedIds ?? []) if (follow(imported)) from.push(imported);
  }
  return into;
}

/** The contracts only signed-in screens use, by what the landing screens need: theirs are in the landing's chunk. */
function consoleRules(moduleId: string, ctx: Rolldown.ChunkingContext): string {
  return landingReach(ctx).contracts.has(moduleId) ? LANDING_CHUNK : 'rules-screens';
}

function landingOrRules(moduleId: string, ctx: Rolldown.ChunkingContext): string {
  return LANDING.includes(moduleId) ? LANDING_CHUNK : consoleRules(moduleId, ctx);
}

function sharedConsoleModules(moduleId: string, ctx: Rolldown.ChunkingContext): string | null {
  if (ctx.getModuleInfo(moduleId)?.dynamicImporters.length) return null;
  return landingReach(ctx).app.has(moduleId) ? LANDING_CHUNK : 'console-screens';
}

const MANTINE_COMPONENT = /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/].*\.mjs$/;

/** Mantine's components and the icons by what the landing screens use; Mantine's hooks and stylesheet are not split. */
function consoleComponents(moduleId: string, ctx: Rolldown.ChunkingContext): string {
  // The app imports each icon by its own module, so the landing's are among the modules it reaches.
  if (ICON.test(moduleId)) return landingReach(ctx).app.has(moduleId) ? 'mantine-console' : 'mantine-screens';
  if (!MANTINE_COMPONENT.test(moduleId)) return 'mantine-console';
  return landingReach(ctx).mantine.has(moduleId) ? 'mantine-console' : 'mantine-screens';
}

/**
 * The contracts a page starts with go in its `start` chunk: and the build fails should that
 * take an endpoint file of the signed-in console (an import that reached the whole endpoint
 * table once put ~40 kB of it into /login).
 */
export function startRules(moduleId: string): string {
  const group = ENDPOINT_FILE.exec(moduleId)?.[1];
  if (group && group !== 'index' && !PUBLIC_ENDPOINT_GROUPS.includes(group)) {
    throw new Error(`${moduleId} is in the code a public page starts with; only the endpoints of ${PUBLIC_ENDPOINT_GROUPS.join(', ')} may be`);
  }
  return 'start';
}

/** The app's, the libraries' and the contracts' modules a page starts with: one file, one round trip. */
function startModules(moduleId: string, ctx: Rolldown.ChunkingContext): string | null {
  return CONTRACTS.test(moduleId) ? startRules(moduleId) : unlessLazy('start')(moduleId, ctx);
}

export const CHUNK_GROUPS: Rolldown.CodeSplittingGroup[] = [
  { name: 'react-dom', test: /node_modules[\\/](react-dom|scheduler)[\\/]/, priority: 6 },
  // zod with the contracts' setting of it (no code built from strings: the CSP forbids eval),
  // so that the setting is in place before any chunk builds a schema.
  { name: 'zod', test: /node_modules[\\/]zod[\\/]|packages[\\/]contracts[\\/]src[\\/]zod-config\.ts$/, priority: 6 },
  // What a page starts with.
  { name: 'mantine', test: /node_modules[\\/]@mantine[\\/]/, tags: ['$initial'], priority: 5 },
  { name: startModules, test: (id) => CONTRACTS.test(id) || APP_OR_LIBRARY.test(id), tags: ['$initial'], priority: 5 },
  // The joining page's calls (public; the rules they use are the start's): a chunk of their own,
  // as `rules-screens` imports the landing's rules, hence `console`, which a visitor without a
  // session has no use for.
  { name: INVITATION_RULES, test: /packages[\\/]contracts[\\/]src[\\/]endpoints[\\/]invitations\.ts$/, priority: 5 },
  // What only signed-in screens use (SIGNED_IN_GROUPS).
  { name: consoleComponents, test: /node_modules[\\/](@mantine|@tabler)[\\/]/, priority: 4 },
  // The landing screens and their rules: one group, as rolldown makes a chunk per group and name.
  // After the components' group: a group takes the modules its modules import, which would
  // put the landing's Mantine components in `console`.
  { name: landingOrRules, test: (id) => LANDING.includes(id) || CONTRACTS.test(id), priority: 4 },
  { name: sharedConsoleModules, test: APP_OR_LIBRARY, minShareCount: 2, priority: 3 },
];
