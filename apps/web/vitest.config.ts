import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { configDefaults, defineProject } from 'vitest/config';
import { UNIT_TESTS } from './vitest.unit.config';

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
      // Each file gets a page of its own, in a fresh VM context of a reused worker: creating a
      // process and a jsdom for every file took a third of the suite's time. The worker's files
      // share loaded modules, so a file that mocks one begins with vi.resetModules().
      pool: 'vmThreads',
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
