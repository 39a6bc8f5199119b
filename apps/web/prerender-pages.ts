/**
 * After `vite build`: renders the public screens (src/prerender.tsx) into copies of the
 * built index.html, as dist/prerendered/<screen>.html with their brotli and gzip copies.
 * The app's modules run in Node through Vite's SSR loader (the same transforms as the
 * build); the console serves these pages (apps/server/src/plugins/web.ts). Their code is
 * fetched after their first paint (after-first-paint.ts). index.html itself gets the same
 * loader, and its copy for signed-in visits (signed-in.html) the console shell's files too.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';
import { API_PREFIX, SESSION_OPENING_READ_PATHS, authEndpoints, endpointPath, type SessionOpeningRead } from '@replay/contracts';
import { EARLY_READS_GLOBAL, EARLY_SESSION_GLOBAL, REFRESH_LOCK } from './src/lib/api/early-session';
import { filesOfLazyModule, loadScriptsAfterFirstPaint, loaderFileName, staticImportsOf, withPreloads, withSessionOpening, type Manifest, type SessionOpening } from './after-first-paint';
import { writeCompressedCopies } from './vite-precompress';
import { LANDING_CHUNK, LANDING_MODULES, SHELL_MODULE } from './chunk-groups';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const dist = join(webRoot, 'dist');
/** The page a visit with a session gets: index.html with the shell's files in its head. */
const SIGNED_IN_PAGE = 'signed-in.html';
/** The signed-in pages per screen, and `screens.json`: which address pattern gets which. */
const SCREENS_DIR = 'signed-in';
/** The root element as index.html has it: what the prerendered markup replaces. */
const ROOT = /<div id="root">[\s\S]*?<\/div>/;

const vite = await createServer({
  root: webRoot,
  configFile: join(webRoot, 'vite.config.ts'),
  logLevel: 'error',
  appType: 'custom',
  server: { middlewareMode: true, hmr: false, watch: null },
});
try {
  const { prerender, PRERENDERED_PATHS } = (await vite.ssrLoadModule('/src/prerender.tsx')) as typeof import('./src/prerender');
  const loader = readFileSync(join(webRoot, 'load-after-paint.js'), 'utf8');
  const loaderFile = join(dist, 'assets', loaderFileName(loader));
  writeFileSync(loaderFile, loader);
  await writeCompressedCopies(loaderFile);
  const index = readFileSync(join(dist, 'index.html'), 'utf8');
  if (!ROOT.test(index)) throw new Error('dist/index.html has no <div id="root">…</div> to fill');
  const importsOf = (url: string) => staticImportsOf(readFileSync(join(dist, url), 'utf8'));
  const template = loadScriptsAfterFirstPaint(index, `/assets/${loaderFileName(loader)}`, importsOf);
  mkdirSync(join(dist, 'prerendered'), { recursive: true });
  for (const path of PRERENDERED_PATHS) {
    const markup = prerender(path);
    const file = join(dist, 'prerendered', `${path.slice(1)}.html`);
    writeFileSync(
      file,
      template.replace(ROOT, () => `<div id="root" data-prerendered="${path}">${markup}</div>`),
    );
    await writeCompressedCopies(file);
  }
  // index.html (any page the server has no copy for) starts as the prerendered pages do. The
  // signed-in visit's copy (apps/server/src/plugins/web.ts) paints only a loading text, so it
  // fetches its code and the shell's with the page, and the loader only runs it.
  const manifestFile = join(dist, '.vite', 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  rmSync(join(dist, '.vite'), { recursive: true });
  // What the loader runs, in its order: announced too, so the browser fetches it with the page.
  const start = [...template.matchAll(/data-preload="([^"]*)"/g)].flatMap((m) => m[1]!.split(' ')).filter(Boolean);
  start.push(...[...template.matchAll(/data-entry="([^"]+)"/g)].map((m) => m[1]!));
  const listed = new Set([...start, ...[...template.matchAll(/(?:href|src)="([^"]+)"/g)].map((m) => m[1]!)]);
  const grouped = Object.fromEntries(LANDING_MODULES.map((module) => [module, LANDING_CHUNK]));
  const shell = filesOfLazyModule(manifest, SHELL_MODULE, listed, grouped);
  writeFileSync(join(dist, 'index.html'), template);
  await writeCompressedCopies(join(dist, 'index.html'));
  // Served only to visits with the session hint: the loader opens the session while the app loads.
  const { SESSION_READS, SCREEN_READS, PUBLIC_READS } = (await vite.ssrLoadModule('/src/app/early-reads.ts')) as typeof import('./src/app/early-reads');
  const opening = (names: readonly SessionOpeningRead[]) => names.map((name) => ({ name, url: SESSION_OPENING_READ_PATHS[name] }));
  const openSession = (screenReads: readonly SessionOpeningRead[] = []): SessionOpening => ({
    method: authEndpoints.refresh.method,
    url: `${API_PREFIX}${endpointPath(authEndpoints.refresh)}`,
    lock: REFRESH_LOCK,
    global: EARLY_SESSION_GLOBAL,
    reads: { global: EARLY_READS_GLOBAL, session: opening(SESSION_READS), screen: opening(screenReads), public: opening(PUBLIC_READS) },
  });
  const write = async (file: string, scripts: string[], styles: string[], screenReads?: readonly SessionOpeningRead[]) => {
    // The entry's stylesheets are in the page already (vite-inline-css.ts) and their files gone.
    const announced = [...shell.styles, ...styles].filter((url) => existsSync(join(dist, url)));
    const page = withPreloads(template, { scripts: [...start, ...shell.scripts, ...scripts], styles: announced });
    writeFileSync(join(dist, file), withSessionOpening(page, openSession(screenReads)));
    await writeCompressedCopies(join(dist, file));
  };
  await write(SIGNED_IN_PAGE, [], []);
  // One page per screen, with the screen's own files too; the console picks it by the address.
  const { SCREEN_MODULES } = (await vite.ssrLoadModule('/src/app/screen-modules.ts')) as typeof import('./src/app/screen-modules');
  mkdirSync(join(dist, SCREENS_DIR), { recursive: true });
  const pages = new Map<string, string>();
  for (const [, module] of SCREEN_MODULES) {
    if (pages.has(module)) continue;
    const page = `${SCREENS_DIR}/${basename(module, '.tsx')}.html`;
    const own = filesOfLazyModule(manifest, module, new Set([...listed, ...shell.scripts, ...shell.styles]), grouped);
    await write(page, own.scripts, own.styles, SCREEN_READS[module]);
    pages.set(module, page);
  }
  const screens = SCREEN_MODULES.map(([pattern, module]) => ({ pattern, page: pages.get(module)! }));
  writeFileSync(join(dist, SCREENS_DIR, 'screens.json'), JSON.stringify(screens));
  console.log(`prerendered ${PRERENDERED_PATHS.join(', ')}; ${SIGNED_IN_PAGE} and ${pages.size} pages in ${SCREENS_DIR}/ preload the console shell`);
} finally {
  await vite.close();
}
