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
 *   signed-in code comes in three chunks besides the screen's own: its rules, its libraries'
 *   components and icons, and the app's modules two screens or more share. A screen then
 *   loads a few kB it does not use, in place of a round trip per set of screens.
 * The chunks a page starts with evaluate one by one, each in a task of its own
 * (load-after-paint.js), so the page keeps answering input while the app starts.
 */

/** The endpoint files a page without a session may load: its calls, and the session's start. */
export const PUBLIC_ENDPOINT_GROUPS = ['auth', 'account', 'mfa', 'webauthn', 'system', 'onboarding'];

/** The chunks only signed-in screens load (a public page loading one is a defect: e2e/public-pages.test.ts). */
export const SIGNED_IN_GROUPS = ['rules-console', 'mantine-console', 'mantine-screens', 'console', 'console-screens'];

/** The signed-in chunks the landing screens (the shell, the instances list) do without (e2e/live-status.test.ts). */
export const OTHER_SCREENS_GROUPS = ['mantine-screens', 'console-screens'];

const CONTRACTS = /packages[\\/]contracts[\\/]src[\\/]/;
const ENDPOINT_FILE = /packages[\\/]contracts[\\/]src[\\/]endpoints[\\/]([\w-]+)\.ts$/;
const APP_OR_LIBRARY = /apps[\\/]web[\\/]src[\\/]|node_modules[\\/]/;

/** Every module but one loaded lazily (a screen, the shell, a drawer): each of those stays the chunk its import loads. */
function unlessLazy(name: string): (moduleId: string, ctx: Rolldown.ChunkingContext) => string | null {
  return (moduleId, ctx) => (ctx.getModuleInfo(moduleId)?.dynamicImporters.length ? null : name);
}

/**
 * The shell and the screen a sign-in lands on (the instances list), and what they import:
 * - the app's shared modules they import are the `console` chunk, every other shared module
 *   `console-screens`;
 * - the Mantine components and the icons they use are `mantine-console`, every other one
 *   `mantine-screens`.
 * So the page most visits open does not fetch the code of screens it does not show (the QR
 * encoder of the two-factor set-up, the number and date fields of the forms). Every screen
 * imports Mantine through its index module, which imports every component, so Mantine's
 * share is read from the names each module imports from it. The contracts are not split.
 */
const LANDING = ['src/app/shell/ConsoleShell.tsx', 'src/routes/instances/InstancesPage.tsx'].map((file) => fileURLToPath(new URL(file, import.meta.url)));
const MANTINE_INDEX = /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]index\.mjs$/;
const NOT_FOLLOWED = /node_modules[\\/]@mantine[\\/]|packages[\\/]contracts[\\/]/;
const ICON = /node_modules[\\/]@tabler[\\/]/;
const MANTINE_IMPORT = /import\s*\{([^}]*)\}\s*from\s*'@mantine\/core'/g;
const REEXPORT = /export\s*\{([^}]*)\}\s*from\s*'(\.[^']+)'/g;

/** The names a module's source imports from '@mantine/core' (types left out). */
export function mantineNames(source: string): string[] {
  return [...source.matchAll(MANTINE_IMPORT)].flatMap((m) =>
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
}
const reachOfBuild = new WeakMap<object, LandingReach>();

/** What the landing screens import, directly or not (static imports only), worked out once per build. */
function landingReach(ctx: Rolldown.ChunkingContext): LandingReach {
  const known = reachOfBuild.get(ctx.getModuleInfo);
  if (known) return known;
  const walk = (from: string[], follow: (id: string) => boolean, into = new Set<string>()) => {
    for (let id = from.pop(); id !== undefined; id = from.pop()) {
      if (into.has(id)) continue;
      into.add(id);
      for (const imported of ctx.getModuleInfo(id)?.importedIds ?? []) if (follow(imported)) from.push(imported);
    }
    return into;
  };
  const app = walk([...LANDING], (id) => !NOT_FOLLOWED.test(id));
  if (app.size === LANDING.length) throw new Error(`the landing screens were not found: ${LANDING.join(', ')}`);
  // Mantine's index module, as the landing's modules import it: which file exports each name.
  const index = [...app].flatMap((id) => ctx.getModuleInfo(id)?.importedIds ?? []).find((id) => MANTINE_INDEX.test(id));
  if (!index) throw new Error('the landing screens import nothing from @mantine/core');
  const fileOf = new Map<string, string>();
  for (const [, names, file] of readFileSync(index, 'utf8').matchAll(REEXPORT)) {
    for (const name of names!.split(',')) fileOf.set(name.trim().split(/\s+as\s+/).pop()!, resolve(dirname(index), file!));
  }
  const used = [...app].filter((id) => /\.tsx?$/.test(id)).flatMap((id) => mantineNames(readFileSync(id, 'utf8')));
  const unknown = used.filter((name) => !fileOf.has(name));
  if (unknown.length) throw new Error(`@mantine/core's index exports none of: ${unknown.join(', ')}`);
  const mantine = walk(
    used.map((name) => fileOf.get(name)!),
    (id) => !MANTINE_INDEX.test(id),
  );
  const reach = { app, mantine };
  reachOfBuild.set(ctx.getModuleInfo, reach);
  return reach;
}

function sharedConsoleModules(moduleId: string, ctx: Rolldown.ChunkingContext): string | null {
  if (ctx.getModuleInfo(moduleId)?.dynamicImporters.length) return null;
  return landingReach(ctx).app.has(moduleId) ? 'console' : 'console-screens';
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
  { name: unlessLazy('start'), test: APP_OR_LIBRARY, tags: ['$initial'], priority: 5 },
  // What only signed-in screens use (SIGNED_IN_GROUPS).
  { name: 'rules-console', test: CONTRACTS, priority: 4 },
  { name: consoleComponents, test: /node_modules[\\/](@mantine|@tabler)[\\/]/, priority: 4 },
  { name: sharedConsoleModules, test: APP_OR_LIBRARY, minShareCount: 2, priority: 3 },
];
