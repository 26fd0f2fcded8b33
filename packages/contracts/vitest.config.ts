import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'contracts',
    include: ['src/**/*.test.ts'],
    // Schemas and pure functions, no state: the files share one module graph per worker.
    isolate: false,
  },
});
