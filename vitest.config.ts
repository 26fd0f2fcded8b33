import { defineConfig } from 'vitest/config';

/** `npm test`: every workspace's unit, component and server tests (embedded PGlite). */
export default defineConfig({
  test: {
    projects: ['packages/contracts', 'packages/barcode', 'apps/server', 'apps/web'],
  },
});
