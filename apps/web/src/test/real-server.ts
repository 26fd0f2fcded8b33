import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/**
 * Starts the real API server (from source, embedded PGlite in a fresh folder with demo data) in a
 * child process. The test pages live on its origin (vitest.config.ts), so requests are
 * same-origin and the verification cookie lands in `document.cookie` as in a browser.
 */
export interface RealServer {
  origin: string;
  stop(): Promise<void>;
}

/** The repository root: the nearest folder upwards from the working directory holding the server. */
function findRepoRoot(): string {
  let dir = process.cwd();
  while (!existsSync(join(dir, 'apps/server/src/server.ts'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('repository root not found from ' + process.cwd());
    dir = parent;
  }
  return dir;
}
const repoRoot = findRepoRoot();

export async function startRealServer(port: number): Promise<RealServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'snowgear-web-test-'));
  const child: ChildProcess = spawn(
    join(repoRoot, 'node_modules/.bin/tsx'),
    [
      '--tsconfig',
      join(repoRoot, 'apps/server/tsconfig.json'),
      join(repoRoot, 'apps/server/src/server.ts'),
    ],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 45_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${origin}/ready`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('server did not become ready in 45 s');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    origin,
    stop: async () => {
      await new Promise<void>((done) => {
        child.once('exit', () => done());
        child.kill('SIGTERM');
      });
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
