import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './build/precompress';
import { routeTexts } from './build/route-texts';
import { startAfterBoot } from './build/start-after-boot';
import { stylesAfterBoot } from './build/styles-after-boot';
import { pureContracts } from './build/pure-contracts';
import { antdShims } from './build/antd-shims';
import { leanIcons } from './build/lean-icons';
import { antdDeepImports } from './build/antd-deep-imports';
import { featureDeepImports } from './build/feature-deep-imports';

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
    // Not each page's share of the texts (assets/texts-*.json): offline, the full texts stand in.
    globPatterns: ['**/*.{js,css,html,svg,png,wasm,wav,webmanifest}'],
    // The scanner's decoder is the largest file and the one the counter needs offline.
    maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
    navigateFallback: '/index.html',
    // The API, its documentation and the payment sandbox are never answered with the app.
    navigateFallbackDenylist: [/^\/api\//],
    cleanupOutdatedCaches: true,
  },
});

/**
 * Code the app loads in the background once a page has drawn (lib/when-idle.ts), which no one
 * waits for: the offline queue's sheet, the offline sync, the gear memory, the service worker's
 * start. Vite would ask for all of its files at once, with a link for each inserted in the idle
 * task that imports it: for the sheet, twelve requests and their styles, one task of 20–35 ms on
 * a 2-core server. Its scripts come instead as the browser's module loader finds them, each in a
 * task of its own; its styles are still linked (Vite always keeps those).
 */
const BACKGROUND_CODE =
  /\/(offline-queue-sheet|offline-sync|equipment-memory|service-worker)-[\w-]+\.js$/;

export default defineConfig({
  plugins: [
    react(),
    antdShims(),
    leanIcons(),
    antdDeepImports(),
    featureDeepImports(),
    pureContracts(),
    pwa,
    routeTexts(),
    stylesAfterBoot(),
    startAfterBoot(),
    precompress(),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  // The dev server pre-bundles antd-mobile: the same modules are replaced there.
  optimizeDeps: { rolldownOptions: { plugins: [antdShims()] } },
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
    modulePreload: {
      resolveDependencies: (file, deps) => (BACKGROUND_CODE.test(`/${file}`) ? [] : deps),
    },
    // `.vite/manifest.json`: which chunks each route needs, for the bundle report (bench/).
    manifest: true,
    // Keep wasm files as files (the scanner loads them from our origin).
    assetsInlineLimit: (file) => (file.endsWith('.wasm') ? false : undefined),
    rolldownOptions: {
      // The app is no library: nothing imports its entry, so its exports need not be kept.
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          // What the entry imports is one file (the shell), not eighty.
          groups: [{ name: 'shell', tags: ['$initial'], includeDependenciesRecursively: false }],
          // Code shared by a few pages in pieces under 6 KB (one small component, a helper) is
          // copied into each page's own file instead of being a file of its own: the booking
          // page's first load went from 76 files to 20, each a round trip over HTTP/1.1 on a
          // mountain network, and compresses better. The price is a larger precache (docs).
          experimentalInlineCommonChunks: { maxSize: 6000 },
        },
      },
    },
  },
});
