import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const backend = process.env.API_TARGET ?? 'http://localhost:8080';

// The site is one SPA: the desktop site plus the mobile site under /m. Routes are lazy modules,
// so the home route loads only the shell, the layout and the home page.
export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // The libraries every page needs in one chunk: each response is gzipped on its own, so a
        // dozen small library chunks cost more on the wire than one. App code still splits per route.
        codeSplitting: {
          groups: [
            { name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|i18next|react-i18next|zustand|use-sync-external-store)[\\/]/, priority: 20 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: backend, changeOrigin: true },
      '/ws': { target: backend, changeOrigin: true, ws: true },
      '/uploads': { target: backend, changeOrigin: true },
      // The embedded payment provider's checkout page (economy feature).
      '/sandbox-pay': { target: backend, changeOrigin: true },
      // Media playback (/live/<key>.flv, /live/<key>/index.m3u8); the /live room page itself is an SPA route.
      '^/live/.+': { target: backend, changeOrigin: true },
    },
  },
});
