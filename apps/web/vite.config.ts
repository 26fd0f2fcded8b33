import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
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
    sourcemap: true,
    // Keep wasm files as files (the scanner loads them from our origin).
    assetsInlineLimit: (file) => (file.endsWith('.wasm') ? false : undefined),
  },
});
