import { availableParallelism } from 'node:os';
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
      // The repository's own scripts: the layering check of `npm run lint` on small fixture trees.
      { test: { name: 'scripts', include: ['scripts/**/*.test.ts'], environment: 'node' } },
    ],
    // One file more than there are cores: most files wait on a database or a local server at
    // times, and the extra worker fills those gaps (on two cores: 295 s against 325 s with two
    // workers, the same CPU time). Vitest's default leaves one core free.
    maxWorkers: availableParallelism() + 1,
    // `npm run test:coverage`: what the tests run of each source file, summed per module
    // by scripts/coverage-table.mjs. Only code run in the test workers counts, not that of the
    // servers some tests start as processes of their own. Istanbul counts in the source files
    // alone; V8's counting slows every script a worker runs, and each page test runs jsdom,
    // React and antd-mobile anew (the web tests took 75 % longer, against 20 % here).
    coverage: {
      provider: 'istanbul',
      reporter: ['json-summary'],
      reportsDirectory: 'coverage',
      include: ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
      exclude: [
        '**/*.test.{ts,tsx}',
        '**/*.d.ts',
        'apps/*/src/test*/**',
        // The scanner's grey-level reader is numeric loops over every scan line of a photo:
        // counted, it ran some ten times slower and its tests overran their time.
        'packages/barcode/src/ean-{profile,symbologies}.ts',
      ],
    },
  },
});
