import { spawn } from 'node:child_process';
import { Redis } from 'ioredis';
import { freePort } from './process.js';

export interface TestRedis {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/**
 * A real Redis server of the test's own (Debian's `redis-server`, which CI installs), on a free
 * port, keeping nothing on disk. It fails loudly when the program is missing.
 */
export async function startRedis(port?: number): Promise<TestRedis> {
  port ??= await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const failed = new Promise<never>((_, fail) => {
    child.once('error', (err) =>
      fail(
        new Error(`redis-server could not start (apt-get install redis-server): ${err.message}`),
      ),
    );
  });
  const url = `redis://127.0.0.1:${port}`;
  const answers = async () => {
    const probe = new Redis(url, { lazyConnect: true, retryStrategy: () => null });
    probe.on('error', () => undefined);
    try {
      await probe.connect();
      return (await probe.ping()) === 'PONG';
    } catch {
      return false;
    } finally {
      probe.disconnect();
    }
  };
  const stop = () =>
    new Promise<void>((done) => {
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.once('exit', () => done());
      child.kill('SIGTERM');
    });
  const deadline = Date.now() + 10_000;
  while (!(await Promise.race([answers(), failed]))) {
    if (Date.now() > deadline) {
      // A server that never answered is not left running behind the failed test.
      await stop();
      throw new Error(`redis-server not answering on ${url}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, port, stop };
}
