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
  const preloads = dependenciesFirst(
    entry,
    [...html.matchAll(PRELOAD)].map((m) => m[1]!),
    importsOf,
  );
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

/** Vite's build manifest, as much of it as the shell's preloads need. */
export type Manifest = Record<string, { file: string; name?: string; imports?: string[]; css?: string[] }>;

/**
 * The files a lazily imported module needs before it runs: its chunk, the chunks it
 * imports statically (at any depth) and their stylesheets, as URLs, minus `except`. A module
 * the build put into a named chunk (`grouped`: chunk-groups.ts' LANDING_CHUNK) has no entry
 * of its own in Vite's manifest: its chunk is the one of that name.
 */
export function filesOfLazyModule(manifest: Manifest, source: string, except: ReadonlySet<string>, grouped: Readonly<Record<string, string>> = {}): { scripts: string[]; styles: string[] } {
  const scripts: string[] = [];
  const styles: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    const entry = manifest[key];
    if (!entry || seen.has(key)) return;
    seen.add(key);
    for (const dep of entry.imports ?? []) visit(dep);
    if (!except.has(`/${entry.file}`)) scripts.push(`/${entry.file}`);
    for (const css of entry.css ?? []) if (!except.has(`/${css}`) && !styles.includes(`/${css}`)) styles.push(`/${css}`);
  };
  visit(manifestKey(manifest, source, grouped[source]));
  return { scripts, styles };
}

function manifestKey(manifest: Manifest, source: string, chunk: string | undefined): string {
  if (chunk === undefined) {
    if (!manifest[source]) throw new Error(`The build manifest has no ${source}`);
    return source;
  }
  const named = Object.keys(manifest).filter((key) => manifest[key]!.name === chunk && !key.endsWith('.css'));
  if (named.length !== 1) throw new Error(`The build manifest has ${named.length} chunks named ${chunk} (for ${source}), not one`);
  return named[0]!;
}

/**
 * A page with files announced in its head (the signed-in pages: the app's, the console
 * shell's, the screen's): the browser's preload scanner starts fetching them with the
 * document, instead of the entry's code asking for each once it runs (dozens of link
 * elements, each costing the main thread, a round trip later). Scripts are preloaded, not
 * run; stylesheets are fetched without blocking the first paint, and applied when the
 * import that needs them adds them. The scripts are asked for at low priority: the page's
 * first paint (its loading text) needs none of them, and the loader runs them only after
 * it. At their default (high) priority Lighthouse counted every one that arrived before
 * that paint as blocking it (it cannot see when a module runs), which put the simulated
 * first paint of /instances anywhere between 0.6 and 3.5 s from one run to the next.
 */
/**
 * A signed-in page's loader opens the session itself, with the page (`data-open-session`:
 * the refresh call's method and URL): the token is then there by the time the app has run,
 * instead of being asked for after it, one round trip later (lib/api/early-session.ts). The
 * page's first reads ride along (`with`), each as `name=address`: the name the refresh takes,
 * the address of the app's call the answer goes to.
 */
export function withSessionOpening(html: string, call: SessionOpening): string {
  if (!LOADER_TAG.test(html)) throw new Error('the page has no loader script to open the session');
  const attributes = [
    `data-open-session="${call.method} ${call.url}" data-session-lock="${call.lock}" data-session-global="${call.global}"`,
    `data-reads-global="${call.reads.global}" data-session-reads="${attribute(call.reads.session)}" data-screen-reads="${attribute(call.reads.screen)}" data-public-reads="${attribute(call.reads.public)}"`,
  ].join(' ');
  return html.replace(LOADER_TAG, (tag) => tag.replace('<script defer ', () => `<script defer ${attributes} `));
}

/** Reads as one attribute's value: `name=address`, space-separated, their `&` written as HTML wants it. */
const attribute = (reads: readonly OpeningRead[]) =>
  reads
    .map((read) => `${read.name}=${read.url}`)
    .join(' ')
    .replaceAll('&', '&amp;');

/** A read the session's opening carries: its name for the refresh call, and the address of the app's call it answers. */
export interface OpeningRead {
  name: string;
  url: string;
}

/** The refresh call the loader sends, and the reads it carries (app/early-reads.ts). */
export interface SessionOpening {
  method: string;
  url: string;
  lock: string;
  global: string;
  reads: { global: string; session: readonly OpeningRead[]; screen: readonly OpeningRead[]; public: readonly OpeningRead[] };
}
const LOADER_TAG = /<script defer src="[^"]+" data-entry=/;

export function withPreloads(html: string, files: { scripts: string[]; styles: string[] }): string {
  const links = [
    ...files.scripts.map((href) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="${href}">`),
    ...files.styles.map((href) => `<link rel="preload" as="style" crossorigin href="${href}">`),
  ];
  if (!html.includes('</head>')) throw new Error('index.html has no </head>');
  return html.replace('</head>', () => `${links.map((l) => `    ${l}\n`).join('')}  </head>`);
}
