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
export function loadScriptsAfterFirstPaint(html: string, loaderUrl: string): string {
  const entry = ENTRY.exec(html)?.[1];
  if (!entry) throw new Error('index.html has no module entry script to defer');
  const preloads = [...html.matchAll(PRELOAD)].map((m) => m[1]);
  const loader = `\n    <script defer src="${loaderUrl}" data-entry="${entry}" data-preload="${preloads.join(' ')}"></script>`;
  return html.replace(PRELOAD, '').replace(ENTRY, () => loader);
}
