import http from 'node:http';

/**
 * A load balancer in miniature for tests of several server processes: one port on 127.0.0.1 that
 * hands each request to the next backend in turn, as a round-robin balancer does with no session
 * affinity. `served` counts what each backend answered.
 */
export interface RoundRobin {
  origin: string;
  /** The backends' origins; set (or changed) at any time. */
  backends: string[];
  served: number[];
  close(): Promise<void>;
}

export async function startRoundRobin(): Promise<RoundRobin> {
  let next = 0;
  const balancer: RoundRobin = { origin: '', backends: [], served: [], close: async () => {} };
  const server = http.createServer((request, response) => {
    if (balancer.backends.length === 0) {
      response.writeHead(503).end();
      return;
    }
    const turn = next++ % balancer.backends.length;
    const target = new URL(request.url ?? '/', balancer.backends[turn]);
    const upstream = http.request(
      target,
      { method: request.method, headers: request.headers },
      (answer) => {
        balancer.served[turn] = (balancer.served[turn] ?? 0) + 1;
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(upstream);
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const { port } = server.address() as { port: number };
  balancer.origin = `http://127.0.0.1:${port}`;
  balancer.close = () =>
    new Promise<void>((done) => {
      server.closeAllConnections();
      server.close(() => done());
    });
  return balancer;
}
