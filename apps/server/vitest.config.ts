import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // Each test builds its own app on its own database, and the server keeps no state in its
    // modules beyond caches of pure results: the files of a worker share the loaded modules
    // instead of loading Fastify, Drizzle and PGlite again for every file (half the suite's time).
    isolate: false,
    globalSetup: ['./src/testing/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
