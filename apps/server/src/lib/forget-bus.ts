import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import pg from 'pg';

/** What one process tells the others to forget of their caches. */
export type ForgetMessage =
  | { cache: 'h5Config'; tenantId: string }
  | { cache: 'signedIn'; sessionId: string }
  | { cache: 'signedIn'; userId: string }
  | { cache: 'signedIn'; all: true };

/**
 * Tells every server process what a change made here makes stale in their caches (the client
 * configuration, who is signed in). Each process caches for a few seconds; without this, another
 * process would go on answering from its cache until the entry expires.
 */
export interface ForgetBus {
  /** Sends to the other processes (this one forgets by itself). */
  publish(message: ForgetMessage): void;
  /** Called with what another process sent; and with null when messages may have been missed. */
  subscribe(handler: (message: ForgetMessage | null) => void): void;
  close(): Promise<void>;
}

/** One process alone (the embedded database): nobody else to tell. */
export class LocalForgetBus implements ForgetBus {
  publish(): void {}
  subscribe(): void {}
  async close(): Promise<void> {}
}

const CHANNEL = 'snowgear_forget';
const RECONNECT_MS = 1000;

/**
 * PostgreSQL's LISTEN/NOTIFY: one connection of each process listens; a message is a small JSON
 * `pg_notify`, delivered to every listener once the sending transaction commits (here: at once,
 * as it is sent outside one, after the change committed). A listener that loses its connection
 * reconnects and tells its caches to forget everything, since it may have missed messages.
 */
export class PgForgetBus implements ForgetBus {
  private readonly self = randomUUID();
  private readonly handlers: ((message: ForgetMessage | null) => void)[] = [];
  private listener: pg.Client | undefined;
  private closed = false;
  private readonly publisher: pg.Pool;

  private constructor(
    private readonly connectionString: string,
    private readonly log: (message: string) => void,
  ) {
    // Notifications are sent on a connection of their own: never waiting behind the pool's queue.
    this.publisher = new pg.Pool({
      connectionString,
      max: 1,
      keepAlive: true,
      connectionTimeoutMillis: 5000,
    });
    this.publisher.on('error', () => undefined);
  }

  /** Starts listening in the background: a database away at start is retried, not waited for. */
  static open(connectionString: string, log: (message: string) => void): PgForgetBus {
    const bus = new PgForgetBus(connectionString, log);
    bus.listen().catch(() => bus.reconnect());
    return bus;
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.connectionString,
      keepAlive: true,
      connectionTimeoutMillis: 5000,
    });
    client.on('notification', (n) => {
      if (n.channel !== CHANNEL || !n.payload) return;
      const { from, message } = JSON.parse(n.payload) as { from: string; message: ForgetMessage };
      if (from !== this.self) this.tell(message);
    });
    client.on('error', (err) => {
      if (this.listener !== client) return;
      this.log(`cache invalidation: listening connection lost (${err.message}); reconnecting`);
      void client.end().catch(() => undefined);
      this.reconnect();
    });
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
    } catch (err) {
      await client.end().catch(() => undefined);
      throw err;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.listener = client;
  }

  private reconnect() {
    this.listener = undefined;
    if (this.closed) return;
    setTimeout(() => {
      if (this.closed) return;
      this.listen().then(
        // Whatever was said while nobody listened is lost: forget it all.
        () => this.tell(null),
        () => this.reconnect(),
      );
    }, RECONNECT_MS).unref();
  }

  private tell(message: ForgetMessage | null) {
    for (const handler of this.handlers) handler(message);
  }

  publish(message: ForgetMessage): void {
    const payload = JSON.stringify({ from: this.self, message });
    this.publisher.query('select pg_notify($1, $2)', [CHANNEL, payload]).catch((err: Error) => {
      // The others' caches expire by themselves within seconds.
      this.log(`cache invalidation: not sent (${err.message})`);
    });
  }

  subscribe(handler: (message: ForgetMessage | null) => void): void {
    this.handlers.push(handler);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.listener?.end().catch(() => undefined);
    await this.publisher.end().catch(() => undefined);
  }
}

/**
 * Redis pub/sub (`REDIS_URL`): messages are published on the process's connection and received on
 * a second one of its own (a subscribed connection can do nothing else). The bus subscribes anew
 * on every reconnection; whatever was said meanwhile is lost, so the caches then forget everything.
 */
export class RedisForgetBus implements ForgetBus {
  private readonly self = randomUUID();
  private readonly handlers: ((message: ForgetMessage | null) => void)[] = [];
  private readonly subscriber: Redis;

  constructor(
    private readonly publisher: Redis,
    private readonly log: (message: string) => void,
  ) {
    // It waits for Redis as long as it takes (no command timeout, no retry limit): subscribing is
    // its one command, and it must happen whenever Redis comes. It subscribes itself on every
    // connection (`listen`): ioredis's own resubscribing leaves its command's failure unhandled
    // when the connection closes before Redis answers (a stop, a restart).
    this.subscriber = publisher.duplicate({
      connectionName: 'snowgear-forget',
      enableOfflineQueue: true,
      commandTimeout: undefined,
      maxRetriesPerRequest: null,
      autoResubscribe: false,
    });
    this.subscriber.on('error', () => undefined);
    let connectedBefore = false;
    this.subscriber.on('ready', () => {
      if (connectedBefore) {
        this.listen();
        this.tell(null);
      }
      connectedBefore = true;
    });
    this.subscriber.on('message', (channel: string, payload: string) => {
      if (channel !== CHANNEL) return;
      const { from, message } = JSON.parse(payload) as { from: string; message: ForgetMessage };
      if (from !== this.self) this.tell(message);
    });
    this.listen();
  }

  private listen() {
    this.subscriber.subscribe(CHANNEL).catch((err: Error) => {
      this.log(`cache invalidation: not listening yet (${err.message}); retrying`);
    });
  }

  private tell(message: ForgetMessage | null) {
    for (const handler of this.handlers) handler(message);
  }

  publish(message: ForgetMessage): void {
    const payload = JSON.stringify({ from: this.self, message });
    this.publisher.publish(CHANNEL, payload).catch((err: Error) => {
      this.log(`cache invalidation: not sent (${err.message})`);
    });
  }

  subscribe(handler: (message: ForgetMessage | null) => void): void {
    this.handlers.push(handler);
  }

  async close(): Promise<void> {
    this.subscriber.disconnect();
  }
}
