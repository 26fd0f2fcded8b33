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
  /** Back to forwarding every new connection. */
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: 'open' | 'cut' | 'silent' = 'open';
  const sockets = new Set<net.Socket>();
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
    if (mode === 'silent') return;
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
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
    restore: () => {
      mode = 'open';
    },
    close: async () => {
      destroyAll();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
