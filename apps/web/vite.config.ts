import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { languagePreload } from './build/language-preload';
import { precompress } from './build/precompress';

/**
 * Installable, and opens with no network on a second visit: the service worker precaches the
 * shell, every route's code, the scanner's WebAssembly, the sounds and the icons; a new version
 * waits until the person taps the in-app prompt (features/app-state/service-worker.ts).
 */
const pwa = VitePWA({
  registerType: 'prompt',
  injectRegister: false,
  includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png', 'sounds/*.wav'],
  manifest: {
    id: '/',
    name: '雪具租赁店管理系统',
    short_name: '雪具租赁',
    description: '雪具租赁：预订、取还、扫码、订单与门店管理 · Snow-gear rental',
    lang: 'zh-CN',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: '#1677ff',
    background_color: '#ffffff',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png,wasm,wav,webmanifest}'],
    // The scanner's decoder is the largest file and the one the counter needs offline.
    maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
    navigateFallback: '/index.html',
    // The API, its documentation and the payment sandbox are never answered with the app.
    navigateFallbackDenylist: [/^\/api\//],
    cleanupOutdatedCaches: true,
  },
});

export default defineConfig({
  plugins: [react(), pwa, languagePreload(), precompress()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    host: true,
    // `npm run dev`: the API server runs on 3000; the page is same-origin through this proxy.
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    target: 'es2020',
    // No source maps in what the server publishes: they would hand out the whole source.
    sourcemap: false,
    // `.vite/manifest.json`: which chunks each route needs, for the bundle report (bench/).
    manifest: true,
    // Keep wasm files as files (the scanner loads them from our origin).
    assetsInlineLimit: (file) => (file.endsWith('.wasm') ? false : undefined),
    rolldownOptions: {
      // The shared contracts build their zod schemas at the top of each module; building one is
      // free of side effects, so a page that needs only a module's constants or types leaves its
      // schemas (and zod itself, when no schema is used) out of its download.
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        codeSplitting: {
          groups: [{ name: 'shell', tags: ['$initial'], includeDependenciesRecursively: false }],
        },
      },
    },
  },
});
