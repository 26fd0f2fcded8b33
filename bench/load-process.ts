/**
 * Load from a process of its own: autocannon on the server's thread takes about half of it, which
 * caps a bare route far below what it serves and flatters every ratio against it. `loadFrom`
 * forks this file; the child runs autocannon once and sends back requests a second, p99 and the
 * answers that were not 2xx.
 */
import { fork } from 'node:child_process';
import autocannon from 'autocannon';

export interface LoadOptions {
  url: string;
  headers?: Record<string, string>;
  connections: number;
  seconds: number;
}
export interface LoadResult {
  rps: number;
  p99: number;
  non2xx: number;
  errors: number;
}

export function loadFrom(options: LoadOptions): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    // The same node flags (tsx's loader) as this process.
    const child = fork(import.meta.filename, [JSON.stringify(options)]);
    child.once('message', (result) => resolve(result as LoadResult));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`load process ended with ${code}`));
    });
  });
}

if (process.send && process.argv[2]) {
  const options = JSON.parse(process.argv[2]) as LoadOptions;
  const result = await autocannon({
    url: options.url,
    headers: options.headers ?? {},
    connections: options.connections,
    duration: options.seconds,
  });
  const answer: LoadResult = {
    rps: result.requests.average,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
  process.send(answer, () => process.exit(0));
}
