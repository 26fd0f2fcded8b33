import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { configDefaults, defineProject } from 'vitest/config';
import { UNIT_TESTS } from './vitest.unit.config.ts';

/**
 * A free port for the real API server the client tests talk to (src/test/global-setup.ts).
 * (Written out here: the config loader cannot import the server's TypeScript helpers.)
 */
async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => ok(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export default defineProject(async () => {
  const port = await freePort();
  return {
    plugins: [react()],
    resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
    test: {
      name: 'web',
      include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
      // Tests of plain functions run on Node (vitest.unit.config.ts).
      exclude: [...configDefaults.exclude, ...UNIT_TESTS],
      environment: 'jsdom',
      // A worker's files share one jsdom page and the libraries loaded into it: a fresh VM
      // context for every file evaluated React, antd-mobile and the rest again each time (on
      // two cores the page tests took 104 s and 182 s of CPU that way, 65 s and 100 s so).
      // Each file still begins as a first visit (src/test/fresh-visit.ts, called by setup.ts),
      // and loads the app's own modules anew; a file that mocks one of them begins with
      // vi.resetModules(), since setup.ts has loaded them before the file's mock is known.
      pool: 'threads',
      isolate: false,
      // Pages are same-origin with the real server, as in production: cookies and relative
      // '/api' URLs behave as in a browser.
      environmentOptions: { jsdom: { url: `http://127.0.0.1:${port}/` } },
      provide: { apiServerPort: port },
      globalSetup: ['./src/test/global-setup.ts'],
      setupFiles: ['./src/test/setup.ts'],
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  };
});
