import net from 'node:net';

/**
 * A TCP proxy on 127.0.0.1 in front of PostgreSQL that a test can break and mend, so database
 * faults can be staged without touching the shared server.
 */
export interface TcpProxy {
  port: number;
  /** Every open connection is cut and new ones are closed at once: the database is away. */
  cut(): void;
  /** New connections are accepted and never answered (a silent network); open ones keep working. */
  silence(): void;
  /**
   * Nothing passes either way, on open connections and new ones, and nothing is closed: a network
   * path that stalled (packets dropped, no reset). `restore` forwards again what waited.
   */
  stall(): void;
  /** Back to forwarding every new connection, and open ones a stall held. */
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: 'open' | 'cut' | 'silent' | 'stalled' = 'open';
  const sockets = new Set<net.Socket>();
  /** Forwarding pairs, so a stall can stop them and its end start them again. */
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket }>();
  const forward = ({ client, upstream }: { client: net.Socket; upstream: net.Socket }) => {
    client.pipe(upstream);
    upstream.pipe(client);
  };
  const hold = ({ client, upstream }: { client: net.Socket; upstream: net.Socket }) => {
    client.unpipe(upstream);
    upstream.unpipe(client);
    // Paused, what arrives stays in the sockets' buffers, unread and unanswered.
    client.pause();
    upstream.pause();
  };
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    // A cut connection reports ECONNRESET on its far side; that is the point, not a test failure.
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  };
  const server = net.createServer((client) => {
    track(client);
    if (mode === 'cut') {
      client.destroy();
      return;
    }
    if (mode === 'silent' || mode === 'stalled') return;
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    const pair = { client, upstream };
    pairs.add(pair);
    forward(pair);
    client.on('close', () => {
      pairs.delete(pair);
      upstream.destroy();
    });
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  const destroyAll = () => {
    for (const socket of sockets) socket.destroy();
  };
  return {
    port: address.port,
    cut: () => {
      mode = 'cut';
      destroyAll();
    },
    silence: () => {
      mode = 'silent';
    },
    stall: () => {
      mode = 'stalled';
      for (const pair of pairs) hold(pair);
    },
    restore: () => {
      if (mode === 'stalled') for (const pair of pairs) forward(pair);
      mode = 'open';
    },
    close: async () => {
      destroyAll();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
