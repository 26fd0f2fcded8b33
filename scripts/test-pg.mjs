// `npm run test:pg`: the server suite against real PostgreSQL. Each test app creates its own
// database from TEST_DATABASE_URL (default: the local server's `test` database) and drops it.
import { spawnSync } from 'node:child_process';

const url =
  process.env.TEST_DATABASE_URL ??
  process.env.DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const result = spawnSync(
  'npx',
  ['vitest', 'run', '--project', 'server', ...process.argv.slice(2)],
  {
    cwd: new URL('..', import.meta.url).pathname,
    stdio: 'inherit',
    env: { ...process.env, TEST_DATABASE_URL: url },
  },
);
process.exit(result.status ?? 1);
