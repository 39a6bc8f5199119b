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
export default defineConfig({
  plugins: [react(), inlineEntryCss(), precompress()],
  css: { postcss: { plugins: [lightOnly()] } },
  server: {
    proxy: { '/api': { target: process.env.CONSOLE_API ?? 'http://localhost:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
  },
});
