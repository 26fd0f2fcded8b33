import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/**
 * The real server as a child process, for tests that must talk to it over HTTP (the web client's
 * tests and the browser journeys). Only node built-ins here, so any workspace can import it.
 */
export async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => ok(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface ServerProcess {
  origin: string;
  stop(): Promise<void>;
}

/** Spawns `command args` with PORT/HOST set and waits until `/ready` answers (or fails). */
export async function startServerProcess(options: {
  command: string;
  args: string[];
  cwd: string;
  port: number;
  env: Record<string, string>;
  timeoutMs?: number;
}): Promise<ServerProcess> {
  const child: ChildProcess = spawn(options.command, options.args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env, PORT: String(options.port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ready = await fetch(`${origin}/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server not ready at ${origin}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    origin,
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}

/** The repository's root folder (this file is apps/server/src/testing/process.ts). */
export const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/**
 * The server from its source (tsx, as `npm run dev` runs it, without watching) as a child
 * process on `port`, with these settings on top of the environment.
 */
export function startSourceServer(options: {
  port: number;
  env: Record<string, string>;
  timeoutMs?: number;
}): Promise<ServerProcess> {
  return startServerProcess({
    command: `${repoRoot}node_modules/.bin/tsx`,
    args: [
      '--tsconfig',
      `${repoRoot}apps/server/tsconfig.json`,
      `${repoRoot}apps/server/src/server.ts`,
    ],
    cwd: repoRoot,
    ...options,
  });
}
