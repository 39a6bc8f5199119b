import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { inlineEntryCss } from './vite-inline-css';
import { lightOnly } from './vite-light-only';
import { precompress } from './vite-precompress';

/**
 * The console SPA; `npm run dev` proxies /api to a console server on port 3000.
 * The build puts the entry's CSS into index.html (vite-inline-css.ts) and writes a brotli
 * and a gzip copy of each text file (vite-precompress.ts); the dark colour scheme's CSS
 * is left out (vite-light-only.ts).
 */
/**
 * `rules-account` for packages/contracts/src/account.ts, `rules-endpoints-team` for its
 * endpoints/team.ts. The index files are left out: as chunks of their own they would
 * import every file they re-export, and each page would load all the rules.
 */
function contractsChunk(moduleId: string): string | null {
  const file = moduleId.split(/packages[\\/]contracts[\\/]src[\\/]/)[1];
  if (!file || /(^|[\\/])index\.ts$/.test(file)) return null;
  return `rules-${file.replace(/\.ts$/, '').replace(/[\\/]/g, '-')}`;
}

export default defineConfig({
  plugins: [react(), inlineEntryCss(), precompress()],
  css: { postcss: { plugins: [lightOnly()] } },
  server: {
    // The API, and the console's pages outside it the SPA links to (the offline card tokenizer, hosted invoices).
    proxy: Object.fromEntries(['/api', '/offline-payments', '/invoices/'].map((path) => [path, { target: process.env.CONSOLE_API ?? 'http://localhost:3000', changeOrigin: false }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    // Read by prerender-pages.ts (the shell's files for index.html's head), then deleted.
    manifest: true,
    rolldownOptions: {
      output: {
        // The code a page starts with comes in chunks small enough that each evaluates in a
        // short task: the prerendered pages' loader runs them one by one (load-after-paint.js),
        // so the page keeps answering input while the app starts (Lighthouse's total
        // blocking time counts each task's time beyond 50 ms).
        codeSplitting: {
          groups: [
            { name: 'react-dom', test: /node_modules[\\/](react-dom|scheduler)[\\/]/, priority: 3 },
            // zod with the contracts' setting of it (no code built from strings: the CSP forbids eval),
            // so that the setting is in place before any chunk builds a schema.
            { name: 'zod', test: /node_modules[\\/]zod[\\/]|packages[\\/]contracts[\\/]src[\\/]zod-config\.ts$/, priority: 3 },
            // The schemas: building them is most of the start's work, so each file of rules evaluates on its own.
            { name: contractsChunk, test: /packages[\\/]contracts[\\/]src[\\/]/, priority: 2 },
            { name: 'mantine', test: /node_modules[\\/]@mantine[\\/]/, tags: ['$initial'], priority: 2 },
          ],
        },
      },
    },
  },
});
