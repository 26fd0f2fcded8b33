/**
 * Requests sent all at once from a process of its own, as a rush of phones would: 200 clients on
 * the server's own thread would take much of the time measured. `rushFrom` forks this file; the
 * child sends every request together and answers each one's status and time.
 */
import { fork } from 'node:child_process';

export interface RushRequest {
  method?: string;
  url: string;
  body?: string;
}
export interface Answer {
  status: number;
  ms: number;
}

export function rushFrom(
  base: string,
  headers: Record<string, string>,
  requests: RushRequest[],
): Promise<Answer[]> {
  return new Promise((resolve, reject) => {
    // The same node flags (tsx's loader) as this process.
    const child = fork(import.meta.filename, [JSON.stringify({ base, headers, requests })]);
    child.once('message', (answers) => resolve(answers as Answer[]));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`rush process ended with ${code}`));
    });
  });
}

if (process.send && process.argv[2]) {
  const { base, headers, requests } = JSON.parse(process.argv[2]) as {
    base: string;
    headers: Record<string, string>;
    requests: RushRequest[];
  };
  const answers = await Promise.all(
    requests.map(async ({ method = 'GET', url, body }): Promise<Answer> => {
      const started = performance.now();
      const res = await fetch(base + url, { method, headers, ...(body ? { body } : {}) });
      await res.arrayBuffer();
      return { status: res.status, ms: performance.now() - started };
    }),
  );
  process.send(answers, () => process.exit(0));
}
