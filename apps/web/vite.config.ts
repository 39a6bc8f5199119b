import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { CHUNK_GROUPS } from './chunk-groups';
import { inlineEntryCss } from './vite-inline-css';
import { lightOnly } from './vite-light-only';
import { mantineStylesCheck } from './vite-mantine-styles';
import { precompress } from './vite-precompress';

/**
 * The console SPA; `npm run dev` proxies /api to a console server on port 3000.
 * The build puts the entry's CSS into index.html (vite-inline-css.ts) and writes a brotli
 * and a gzip copy of each text file (vite-precompress.ts); the dark colour scheme's CSS
 * is left out (vite-light-only.ts). The build fails if a Mantine component ships without its
 * stylesheet (vite-mantine-styles.ts).
 */
export default defineConfig({
  plugins: [react(), inlineEntryCss(), mantineStylesCheck(), precompress()],
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
        // Which modules share a chunk, and why: chunk-groups.ts.
        codeSplitting: { groups: CHUNK_GROUPS },
      },
    },
  },
});
