import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Settings } from '@/config/env.js';
import * as schema from './schema.js';
import { migrationsFolder } from './migrations-folder.js';
import { optimizeOnlyHotWebAssembly, startParams } from './pglite-settings.mjs';
import { asPgliteClient, openThreadedPglite } from './pglite-thread.js';
import { withNamedStatements } from './pglite-statements.mjs';

/** One type for both drivers (STACK.md trap 9). */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  /**
   * The same database for work no request waits on (the rate limit's shared counts), left out of
   * `stats`, which measure what requests cost.
   */
  background: Database;
  kind: 'pglite' | 'postgres';
  /** Statements sent so far through `db` (what a request costs, in tests and benchmarks). */
  readonly stats: { queries: number };
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL's connection pool as it is now (the embedded database has none). */
  pool?: () => { total: number; idle: number; waiting: number };
  /** The embedded database on this thread: its whole data folder as a tarball. */
  dumpDataDir?: () => Promise<Blob>;
}

/** PostgreSQL pool limits (config/env.ts); the embedded database has no pool. */
export type DatabaseLimits = Pick<
  Settings,
  | 'DATABASE_POOL_SIZE'
  | 'DATABASE_CONNECTION_TIMEOUT_MS'
  | 'DATABASE_STATEMENT_TIMEOUT_MS'
  | 'DATABASE_QUERY_TIMEOUT_MS'
>;

export interface OpenDatabaseOptions {
  /** PostgreSQL URL; without it an embedded PGlite database is used. */
  databaseUrl?: string | undefined;
  /** PGlite data folder; omitted = in memory (tests). */
  dataDir?: string | undefined;
  limits: DatabaseLimits;
  /**
   * The embedded database in a worker thread of its own (db/pglite-thread.ts), so a slow query
   * never stops other requests; the server does so, tests keep it on their own thread.
   */
  embeddedThread?: boolean;
  /** The embedded database's page cache in MB (EMBEDDED_DB_BUFFERS_MB; pglite-settings.mjs). */
  embeddedBuffersMb?: number;
  /** The embedded database on this thread starts from this data folder (`dumpDataDir`). */
  loadDataDir?: Blob;
  /** Told when a PostgreSQL connection fails, idle or in use (default: one line on stderr). */
  onConnectionLost?: (err: Error) => void;
}

function countQueries(stats: { queries: number }) {
  return {
    logQuery() {
      stats.queries += 1;
    },
  };
}

/** Quiet time before the operating system starts probing a PostgreSQL connection. */
const KEEP_ALIVE_DELAY_MS = 10_000;

function defaultConnectionLost(err: Error) {
  process.stderr.write(`database: connection lost (${err.message}); it will be replaced\n`);
}

/**
 * drizzle (0.45) sends a transaction's BEGIN before its try/finally: when the connection dies just
 * then, the client is never given back and the pool shrinks for good, until every request waits
 * for a connection that never comes. So a client whose connection fails while it is checked out
 * is given back at once (the pool drops a broken client), and giving it back twice is harmless.
 * Only the promise form is guarded: the pool's own `query` uses the callback form and always
 * gives its client back.
 */
class GuardedPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(
    callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: () => void) => void,
  ): void;
  override connect(
    callback?: (
      err: Error | undefined,
      client: pg.PoolClient | undefined,
      done: () => void,
    ) => void,
  ): Promise<pg.PoolClient> | void {
    if (callback) return super.connect(callback);
    return super.connect().then(guardRelease);
  }
}

/** node-postgres's words when `query_timeout` passed without an answer. */
export const QUERY_TIMEOUT_MESSAGE = 'Query read timeout';

const isQueryTimeout = (err: unknown) =>
  err instanceof Error && err.message === QUERY_TIMEOUT_MESSAGE;

/**
 * A statement that got no answer within `query_timeout` (a network path that stalled without a
 * reset) fails, but node-postgres keeps the connection and leaves the statement in flight: every
 * later statement on it, the transaction's ROLLBACK first, queues behind an answer that never
 * comes, and the connection would go back to the pool still stuck. So its socket is destroyed
 * there and then: what is queued on it fails at once, the client reports the lost connection
 * ('error', which gives it back broken: see guardRelease) and the pool drops it.
 */
class StallSafeClient extends pg.Client {
  // The driver's overloads (promise, callback, submittable) all end in one of two ways: a
  // callback as the last argument, or a returned promise.
  override query(...args: unknown[]): never {
    const drop = (err: unknown) => {
      if (isQueryTimeout(err)) this.dropConnection();
    };
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (err: unknown, ...rest: unknown[]) => {
        drop(err);
        return (callback as (...a: unknown[]) => unknown)(err, ...rest);
      };
    }
    const result = (super.query as (...a: unknown[]) => unknown)(...args);
    if (result instanceof Promise) result.catch(drop);
    return result as never;
  }

  private dropConnection() {
    (
      this as unknown as { connection: { stream: { destroy(): void } } }
    ).connection.stream.destroy();
  }
}

function guardRelease(client: pg.PoolClient): pg.PoolClient {
  const giveBack = client.release.bind(client);
  let given = false;
  const release = (err?: Error | boolean) => {
    if (given) return;
    given = true;
    client.removeListener('error', release);
    giveBack(err);
  };
  client.on('error', release);
  client.release = release;
  return client;
}

/** Where the embedded database lives in DATA_DIR. */
const embeddedDatabaseFolder = (dataDir: string) => join(dataDir, 'db');

/** Whether DATA_DIR holds an embedded database already (PostgreSQL's data folder marker). */
export function embeddedDatabaseExists(dataDir: string): boolean {
  return existsSync(join(embeddedDatabaseFolder(dataDir), 'PG_VERSION'));
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const { limits } = options;
    const connectionString = options.databaseUrl;
    const onConnectionLost = options.onConnectionLost ?? defaultConnectionLost;
    const pool = new GuardedPool({
      connectionString,
      max: limits.DATABASE_POOL_SIZE,
      // Without it a request waits for ever for a connection while the database is away.
      connectionTimeoutMillis: limits.DATABASE_CONNECTION_TIMEOUT_MS,
      // Enforced by the server, so a statement stuck behind a lock ends and frees its connection.
      statement_timeout: limits.DATABASE_STATEMENT_TIMEOUT_MS,
      // Ends the wait for an answer that cannot come (a network path that stalled silently, where
      // the statement time-out can neither be sent nor heard): the request gets 503 and the
      // connection is dropped (StallSafeClient).
      ...(limits.DATABASE_QUERY_TIMEOUT_MS > 0
        ? { query_timeout: limits.DATABASE_QUERY_TIMEOUT_MS }
        : {}),
      Client: StallSafeClient,
      // Finds connections that died silently (a dropped network path) instead of using them: the
      // operating system probes a connection once it has been quiet this long.
      keepAlive: true,
      keepAliveInitialDelayMillis: KEEP_ALIVE_DELAY_MS,
    });
    // A connection can be cut by the server at any time (restart, failover, pg_terminate_backend).
    // The driver then emits 'error' on its client, and an 'error' nobody listens to ends the
    // process. The pool listens only while a client is idle, so every client gets a listener of
    // its own for its whole life; the query in flight fails on its own, the pool drops the client
    // when it comes back, and opens a fresh one on demand.
    pool.on('connect', (client) => client.on('error', onConnectionLost));
    pool.on('error', () => undefined); // already told by the client's own listener
    const stats = { queries: 0 };
    const db = drizzlePg(pool, { schema, logger: countQueries(stats) }) as unknown as Database;
    return {
      db,
      background: drizzlePg(pool, { schema }) as unknown as Database,
      kind: 'postgres',
      stats,
      migrate: async () => {
        // A migration may run longer than a request's statement time-out: its own connection.
        const client = new pg.Client({
          connectionString,
          connectionTimeoutMillis: limits.DATABASE_CONNECTION_TIMEOUT_MS,
        });
        client.on('error', onConnectionLost);
        await client.connect();
        try {
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
        } finally {
          await client.end();
        }
      },
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: () => pool.end(),
      pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  let dataDir: string | undefined;
  if (options.dataDir) {
    // PGlite does not create parent folders (STACK.md trap 8).
    mkdirSync(options.dataDir, { recursive: true });
    dataDir = embeddedDatabaseFolder(options.dataDir);
  }
  let client: PGlite;
  let close: () => Promise<void>;
  let dumpDataDir: (() => Promise<Blob>) | undefined;
  if (options.embeddedThread) {
    const threaded = await openThreadedPglite(dataDir, { buffersMb: options.embeddedBuffersMb });
    client = asPgliteClient(threaded);
    close = () => threaded.close();
  } else {
    optimizeOnlyHotWebAssembly();
    const local = await PGlite.create({
      dataDir,
      extensions: { btree_gist, pg_trgm },
      startParams: startParams(options.embeddedBuffersMb),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
    client = withNamedStatements(local) as unknown as PGlite;
    close = () => local.close();
    dumpDataDir = () => local.dumpDataDir('none');
  }
  const stats = { queries: 0 };
  const db = drizzlePglite(client, { schema, logger: countQueries(stats) }) as unknown as Database;
  return {
    db,
    background: drizzlePglite(client, { schema }) as unknown as Database,
    kind: 'pglite',
    stats,
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close,
    ...(dumpDataDir ? { dumpDataDir } : {}),
  };
}
