import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { fileURLToPath } from 'node:url';
import { precompress } from './build/precompress.ts';
import { routePreloads } from './build/route-preloads.ts';

const backend = process.env.API_TARGET ?? 'http://localhost:8080';

// Every lazy import carries the list of files it needs (Vite preloads them in parallel). The files
// the entry imports statically are always loaded before any lazy import runs, yet were listed in
// every list: a few hundred bytes of the phone's 120 kB first load (issue #16). This plugin notes
// them once the chunks are known (its generateBundle runs before Vite's, which writes the lists).
const entryFiles = new Set<string>();
function entryStaticFiles(): Plugin {
  return {
    name: 'entry-static-files',
    apply: 'build',
    generateBundle(_options, bundle) {
      entryFiles.clear();
      const walk = (file: string) => {
        const chunk = bundle[file];
        if (entryFiles.has(file) || !chunk || chunk.type !== 'chunk') return;
        entryFiles.add(file);
        chunk.imports.forEach(walk);
      };
      for (const chunk of Object.values(bundle)) if (chunk.type === 'chunk' && chunk.isEntry) walk(chunk.fileName);
    },
  };
}

// The site is one SPA: the desktop site plus the mobile site under /m. Routes are lazy modules,
// so the home route loads only the shell, the layout and the home page.
export default defineConfig({
  plugins: [
    react(),
    entryStaticFiles(),
    routePreloads(() => entryFiles),
    precompress(),
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
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // React 19 has useSyncExternalStore: not the shim's fallback for React < 18 (build/use-sync-external-store.ts).
      { find: /^use-sync-external-store\/shim(?:\/index\.js)?$/, replacement: fileURLToPath(new URL('./build/use-sync-external-store.ts', import.meta.url)) },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Every browser the site supports preloads modules itself: no polyfill in the first load.
    modulePreload: { polyfill: false, resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : deps.filter((d) => !entryFiles.has(d))) },
    rolldownOptions: {
      // Required by experimentalInlineCommonChunks: the entry (main.tsx) exports nothing anyone imports.
      preserveEntrySignatures: false,
      output: {
        // The libraries every first paint needs in one chunk: each response is gzipped on its own, so
        // a dozen small library chunks cost more on the wire than one. App code still splits per route.
        // TanStack Query is a chunk of its own, loaded with the first component that reads the server
        // (src/shared/api/with-queries.tsx): the phone's home paints before it (issue #16). Only its
        // provider (a React context) is in the framework.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](?:(?:react|react-dom|scheduler|react-router|i18next|react-i18next|zustand|use-sync-external-store)[\\/]|@tanstack[\\/]react-query[\\/]build[\\/]modern[\\/]QueryClientProvider\.js)/,
              priority: 30,
            },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 20 },
            // Everything else the entry imports statically, in one file: the browser loads all of
            // it before the first render anyway, and each file is a request (20 files → 5).
            { name: 'shell', tags: ['$initial'], priority: 25 },
          ],
          // Small shared chunks (keys, formatters, a hook used by three pages) are copied into the
          // chunks that import them instead of being files of their own. Chromium spends ~6 ms
          // per request here even from memory, and a live room asked for 118 files before its
          // first frame; now ~50 (issues #16, #19). Costs a few kB of duplicated code per page.
          experimentalInlineCommonChunks: { maxSize: 20_000 },
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
