import { createHash } from 'node:crypto';

/** The module entry and the chunk preloads Vite writes into index.html's head. */
const ENTRY = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/** The loader's file under dist/assets, named by its content as Vite names the others. */
export function loaderFileName(source: string): string {
  return `load-after-paint-${createHash('sha256').update(source).digest('base64url').slice(0, 8)}.js`;
}

/**
 * A prerendered page's head with its module scripts handed to the loader
 * (load-after-paint.js): the page is complete without them, so the browser paints it
 * first and fetches the console's code after, instead of spending the first paint's
 * bandwidth and main thread on code that changes nothing on screen.
 */
export function loadScriptsAfterFirstPaint(html: string, loaderUrl: string, importsOf: ImportsOf = () => []): string {
  const entry = ENTRY.exec(html)?.[1];
  if (!entry) throw new Error('index.html has no module entry script to defer');
  const preloads = dependenciesFirst(entry, [...html.matchAll(PRELOAD)].map((m) => m[1]!), importsOf);
  const loader = `\n    <script defer src="${loaderUrl}" data-entry="${entry}" data-preload="${preloads.join(' ')}"></script>`;
  return html.replace(PRELOAD, '').replace(ENTRY, () => loader);
}

/** The chunks a built chunk imports statically, as URLs like the preloads' (`/assets/x.js`). */
export type ImportsOf = (chunkUrl: string) => string[];

/**
 * The preloads in the order the browser would evaluate them when it runs the entry: each
 * chunk after the chunks it imports, in the order it imports them (a depth-first walk from
 * the entry, as module evaluation goes), so that every side effect (zod's configuration,
 * say) happens in the same order as before. The loader runs them one by one, each in a
 * task of its own: no single task evaluates the whole app (Lighthouse's total blocking
 * time counts every task beyond 50 ms). A preload the entry does not reach comes last.
 */
export function dependenciesFirst(entry: string, preloads: string[], importsOf: ImportsOf): string[] {
  const listed = new Set(preloads);
  const ordered: string[] = [];
  const seen = new Set<string>();
  const visit = (chunk: string) => {
    if (seen.has(chunk)) return;
    seen.add(chunk);
    for (const dep of importsOf(chunk)) visit(dep);
    if (listed.has(chunk)) ordered.push(chunk);
  };
  visit(entry);
  for (const chunk of preloads) if (!seen.has(chunk)) ordered.push(chunk);
  return ordered;
}

const STATIC_IMPORT = /(?:^|[;}\s])import\s*(?:[\w$*{}\s,]+from\s*)?["']\.\/([\w.-]+\.js)["']/g;

/** The static imports of a built chunk's code (Vite writes them as `./name.js` beside it). */
export function staticImportsOf(code: string): string[] {
  return [...code.matchAll(STATIC_IMPORT)].map((m) => `/assets/${m[1]}`);
}
