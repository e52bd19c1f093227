import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { fileURLToPath } from 'node:url';

const backend = process.env.API_TARGET ?? 'http://localhost:8080';

// The site is one SPA: the desktop site plus the mobile site under /m. Routes are lazy modules,
// so the home route loads only the shell, the layout and the home page.
export default defineConfig({
  plugins: [
    react(),
    // The mobile site is installable (issue #16): a web app manifest starting at /m and a service
    // worker (src/sw.ts) that keeps the shell and static files, never API answers.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      // Registered by the mobile layout itself (src/mobile/pwa/register-sw.ts), for /m only.
      injectRegister: false,
      manifest: {
        id: '/m',
        name: 'LiveSports — live football, basketball and esports',
        short_name: 'LiveSports',
        description: 'Live streams, scores and headlines of football, basketball and esports.',
        start_url: '/m',
        scope: '/m',
        display: 'standalone',
        orientation: 'portrait',
        background_color: '#0f1115',
        theme_color: '#0f1115',
        categories: ['sports', 'entertainment'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          // Full-bleed versions for Android's round and squircle masks (the mark sits in the safe zone).
          { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        // The shell only; JavaScript chunks are kept as a visit loads them (a phone should not
        // download every page of the site, players and charts included, on its first visit).
        globPatterns: ['index.html', 'assets/*.css', 'favicon.svg', 'logo-mark.svg', 'icons/*.png'],
        // The worker is built by the plugin's own Vite build: keep it small and modern.
        buildPlugins: {},
      },
      devOptions: { enabled: false },
    }),
  ],
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
          groups: [{ name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|i18next|react-i18next|zustand|use-sync-external-store)[\\/]/, priority: 20 }],
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
      // Replay playlists and segments (/replay/<id>/master.m3u8).
      '/replay/': { target: backend, changeOrigin: true },
      // The embedded payment provider's checkout page (economy feature).
      '/sandbox-pay': { target: backend, changeOrigin: true },
      // Media playback (/live/<key>.flv, /live/<key>/index.m3u8); the /live room page itself is an SPA route.
      '^/live/.+': { target: backend, changeOrigin: true },
    },
  },
});
