// `npm run dev`: the API server with reload on change (port 3000) and the Vite dev server with
// hot reload (port 5173, proxying /api to 3000). Ctrl-C stops both.
import { spawn } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const children = [
  spawn(
    'npx',
    [
      'tsx',
      'watch',
      '--clear-screen=false',
      '--tsconfig',
      'apps/server/tsconfig.json',
      'apps/server/src/server.ts',
    ],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' },
    },
  ),
  spawn('npm', ['run', 'dev', '-w', '@snowgear/web'], { cwd: root, stdio: 'inherit' }),
];
const stop = (signal) => children.forEach((c) => c.kill(signal));
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const child of children)
  child.on('exit', (code) => {
    stop('SIGTERM');
    process.exitCode = code ?? 0;
  });
