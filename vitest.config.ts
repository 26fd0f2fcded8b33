import { defineConfig } from 'vitest/config';

/** `npm test`: every workspace's unit, component and server tests (embedded PGlite). */
export default defineConfig({
  test: {
    projects: [
      'packages/contracts',
      'packages/barcode',
      'apps/server',
      'apps/web',
      'apps/web/vitest.unit.config.ts',
    ],
    // Vitest's default leaves one core free, which on a two-core CI machine runs the files one
    // at a time; most of them wait on a database or a local server, so two at once is faster.
    maxWorkers: 2,
  },
});
