/**
 * Requests sent all at once from a process of its own, as a rush of phones would: 200 clients on
 * the server's own thread would take much of the time measured. `startRusher` forks this file
 * once; the child sends every request of a rush together and answers each one's status and time.
 *
 * A rush goes either over connections the rusher keeps open between rushes (`open`: a phone that
 * has the booking page open already holds a connection to the server, and so does a reverse proxy
 * to its upstream) or over a new connection for every request (`new`: phones that open none
 * before they send). The child's HTTP client is node:http, warmed by the rushes before the one
 * measured, so its own start-up is not counted as the server's time.
 */
import { fork } from 'node:child_process';
import { Agent, request } from 'node:http';
import type { CounterAgreement } from '@snowgear/contracts';

export interface RushRequest {
  method?: string;
  url: string;
  body?: string;
}
/**
 * A counter booking of one item for two days from `startMs`, with the customer's signature taken
 * beforehand (`agreement`), as the counter's phone sends it.
 */
export function counterBooking(
  storeId: string,
  equipmentId: string,
  startMs: number,
  agreement: CounterAgreement,
): RushRequest {
  return {
    method: 'POST',
    url: '/api/app/orders',
    body: JSON.stringify({
      storeId,
      customerName: '压测',
      customerPhone: '13700009999',
      rentalStartTime: new Date(startMs).toISOString(),
      rentalEndTime: new Date(startMs + 2 * 86_400_000).toISOString(),
      items: [{ equipmentId }],
      agreement,
    }),
  };
}

export interface Answer {
  status: number;
  ms: number;
}
export type Connections = 'open' | 'new';

interface RushMessage {
  id: number;
  connections: Connections;
  requests: RushRequest[];
}

export interface Rusher {
  rush(requests: RushRequest[], connections?: Connections): Promise<Answer[]>;
  close(): void;
}

export function startRusher(base: string, headers: Record<string, string>): Rusher {
  // The same node flags (tsx's loader) as this process.
  const child = fork(import.meta.filename, [JSON.stringify({ base, headers })]);
  const waiting = new Map<number, (answers: Answer[]) => void>();
  let next = 0;
  let failure: Error | null = null;
  child.on('message', (message) => {
    const { id, answers } = message as { id: number; answers: Answer[] };
    waiting.get(id)?.(answers);
    waiting.delete(id);
  });
  child.once('exit', (code) => {
    failure = new Error(`rush process ended with ${code}`);
  });
  return {
    rush(requests, connections = 'open') {
      if (failure) return Promise.reject(failure);
      const id = next++;
      return new Promise((resolve, reject) => {
        waiting.set(id, resolve);
        child.send({ id, connections, requests } satisfies RushMessage, (error) => {
          if (error) reject(error);
        });
      });
    },
    close() {
      child.disconnect();
    },
  };
}

if (process.send && process.argv[2]) {
  const { base, headers } = JSON.parse(process.argv[2]) as {
    base: string;
    headers: Record<string, string>;
  };
  const target = new URL(base);
  const kept = new Agent({ keepAlive: true, maxSockets: Infinity });

  const send = (
    { method = 'GET', url, body }: RushRequest,
    agent: Agent | false,
  ): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const started = performance.now();
      const req = request(
        {
          host: target.hostname,
          port: target.port,
          path: url,
          method,
          agent,
          headers: body ? { ...headers, 'content-length': Buffer.byteLength(body) } : headers,
        },
        (res) => {
          res.resume();
          res.once('end', () =>
            resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }),
          );
        },
      );
      req.once('error', reject);
      req.end(body);
    });

  process.on('message', (message) => {
    const { id, connections, requests } = message as RushMessage;
    void Promise.all(requests.map((r) => send(r, connections === 'open' ? kept : false))).then(
      (answers) => process.send!({ id, answers }),
    );
  });
  process.once('disconnect', () => {
    kept.destroy();
  });
}
