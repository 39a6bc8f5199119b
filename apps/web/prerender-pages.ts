/**
 * After `vite build`: renders the public screens (src/prerender.tsx) into copies of the
 * built index.html, as dist/prerendered/<screen>.html with their brotli and gzip copies.
 * The app's modules run in Node through Vite's SSR loader (the same transforms as the
 * build); the console serves these pages (apps/server/src/plugins/web.ts). Their code is
 * fetched after their first paint (after-first-paint.ts).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';
import { loadScriptsAfterFirstPaint, loaderFileName, staticImportsOf } from './after-first-paint';
import { writeCompressedCopies } from './vite-precompress';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const dist = join(webRoot, 'dist');
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
    writeFileSync(file, template.replace(ROOT, () => `<div id="root" data-prerendered="${path}">${markup}</div>`));
    await writeCompressedCopies(file);
  }
  console.log(`prerendered ${PRERENDERED_PATHS.join(', ')}`);
} finally {
  await vite.close();
}
