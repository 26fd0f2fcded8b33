import { Worker } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';

/**
 * The embedded database off the server's thread. PGlite runs each query on the thread that holds
 * it, so on the server's own thread one slow search (a keyword over a million orders) would stop
 * every other request, `/health` included, until it ends. Here PGlite lives in a worker thread
 * (pglite-worker.mjs) and this is the part of its interface drizzle uses (`query`, `transaction`)
 * as messages to it. Queries still run one at a time, as on PGlite itself; the server's thread
 * stays free to parse, answer, serve files and wait.
 */

type QueryOptions = { rowMode?: 'array' | 'object' };
interface Results {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}
interface Queryable {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results>;
}
export interface ThreadedPglite extends Queryable {
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

type Reply = {
  id: number;
  result?: unknown;
  error?: Record<string, unknown> & { message: string };
};

/** The database error as the driver would have thrown it: its PostgreSQL fields on an Error. */
function asError(fields: Record<string, unknown> & { message: string }): Error {
  return Object.assign(new Error(fields.message), fields);
}

export async function openThreadedPglite(
  dataDir: string | undefined,
  { buffersMb }: { buffersMb?: number } = {},
): Promise<ThreadedPglite> {
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
    workerData: { dataDir, buffersMb },
  });
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let nextId = 1;
  let ended: Error | null = null;

  await new Promise<void>((ready, failed) => {
    worker.once('message', () => ready());
    worker.once('error', failed);
  });
  worker.on('message', (reply: Reply) => {
    const call = waiting.get(reply.id);
    if (!call) return;
    waiting.delete(reply.id);
    if (reply.error) call.reject(asError(reply.error));
    else call.resolve(reply.result);
  });
  // The thread died: every call waiting and every later one fails instead of hanging.
  const fail = (error: Error) => {
    ended ??= error;
    for (const call of waiting.values()) call.reject(error);
    waiting.clear();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the database thread ended (exit ${code})`)));

  const call = <T>(message: Record<string, unknown>): Promise<T> => {
    if (ended) return Promise.reject(ended);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      worker.postMessage({ ...message, id });
    });
  };

  const queryOn =
    (transaction: number | undefined) =>
    (sql: string, params: unknown[] = [], options: QueryOptions = {}) =>
      call<Results>({
        op: 'query',
        sql,
        params,
        rowMode: options.rowMode ?? 'object',
        transaction,
      });

  return {
    query: queryOn(undefined),
    async transaction(work) {
      const transaction = await call<number>({ op: 'begin' });
      let result;
      try {
        result = await work({ query: queryOn(transaction) });
      } catch (error) {
        await call({ op: 'end', transaction, commit: false });
        throw error;
      }
      await call({ op: 'end', transaction, commit: true });
      return result;
    },
    async close() {
      if (ended) return;
      await call({ op: 'close' }).catch(() => undefined);
      await worker.terminate();
    },
  };
}

/** drizzle's PGlite driver takes the client by its interface; this one answers the same calls. */
export const asPgliteClient = (client: ThreadedPglite) => client as unknown as PGlite;
