import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The console SPA; `npm run dev` proxies /api to a console server on port 3000. */
export default defineConfig({
  plugins: [react()],
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
