// `npm start`: builds what is missing or out of date, then runs the server, which serves the API
// under /api and the web app at / on one port (embedded PGlite in ./data unless DATABASE_URL).
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

function needsBuild(output, sources) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((s) => newest(join(root, s)) > built);
}

const shared = ['packages/contracts/src'];
const steps = [
  {
    ws: '@snowgear/web',
    output: 'apps/web/dist/index.html',
    sources: ['apps/web/src', 'apps/web/public', ...shared],
  },
  {
    ws: '@snowgear/server',
    output: 'apps/server/dist/server.js',
    sources: ['apps/server/src', ...shared],
  },
];
for (const step of steps) {
  if (!needsBuild(join(root, step.output), step.sources)) continue;
  console.log(`Building ${step.ws} …`);
  const result = spawnSync('npm', ['run', 'build', '-w', step.ws], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const env = { ...process.env };
env.WEB_DIST_DIR ??= join(root, 'apps/web/dist');
// glibc gives each thread that allocates an arena of its own (up to eight a core), which the
// server's threads (the database's, image work) each keep filled; two hold the same work in less.
env.MALLOC_ARENA_MAX ??= '2';
// Settings in a .env file beside package.json are read too (the environment wins).
const envFile = existsSync(join(root, '.env')) ? ['--env-file=.env'] : [];
// V8's young generation grows to 16 MiB a half (32 in all) while the server starts and shrinks
// only when idle a while later: 4 MiB a half kept the idle embedded server 20–30 MiB smaller
// (docs/performance.md, "Memory of the embedded server").
const youngGeneration = ['--max-semi-space-size=4'];
const server = spawn(
  process.execPath,
  [
    ...envFile,
    ...youngGeneration,
    // Stack traces in the TypeScript source, of the server's own code only (source-maps.mjs).
    '--import=./apps/server/dist/source-maps.mjs',
    'apps/server/dist/server.js',
  ],
  {
    cwd: root,
    env,
    stdio: 'inherit',
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
