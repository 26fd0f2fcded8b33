// The embedded database in a thread of its own (db/pglite-thread.ts starts it): PGlite runs its
// queries on the thread that holds it, so here a slow search keeps this thread busy while the
// server's own thread goes on answering. Plain JavaScript, so Node loads it as it is, from the
// source in tests and beside the bundle in the built server.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { optimizeOnlyHotWebAssembly, startParams } from './pglite-settings.mjs';
import { namedStatements } from './pglite-statements.mjs';

/** drizzle reads dates, times and intervals as the database's text: the same here. */
const asText = (value) => value;
const PARSERS = {
  [types.TIMESTAMP]: asText,
  [types.TIMESTAMPTZ]: asText,
  [types.INTERVAL]: asText,
  [types.DATE]: asText,
  1231: asText, // numeric[]
  1115: asText, // timestamp[]
  1185: asText, // timestamptz[]
  1187: asText, // interval[]
  1182: asText, // date[]
};

/** A database error with its PostgreSQL fields (code, constraint, detail…), cloneable. */
function describe(error) {
  const fields = { message: error instanceof Error ? error.message : String(error) };
  if (error && typeof error === 'object') {
    for (const [key, value] of Object.entries(error)) {
      if (value === undefined || typeof value === 'function') continue;
      if (typeof value === 'object' && value !== null) continue;
      fields[key] = value;
    }
  }
  return fields;
}

const { dataDir, buffersMb } = workerData;
optimizeOnlyHotWebAssembly();
const db = await PGlite.create({
  dataDir,
  extensions: { btree_gist, pg_trgm },
  startParams: startParams(buffersMb),
});

/** Open transactions by id: the connection of each, and how to end it. */
const transactions = new Map();
let nextTransaction = 1;

const statements = namedStatements(db);

async function query({ sql, params, rowMode, transaction }) {
  if (transaction !== undefined && !transactions.get(transaction)?.tx) {
    throw new Error(`No open transaction ${transaction}`);
  }
  const inTransaction = transaction !== undefined;
  const result = await statements.query(sql, params, { rowMode, parsers: PARSERS }, inTransaction);
  return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
}

/** Starts a transaction and holds it open until `end` says how it ends. */
function begin() {
  const id = nextTransaction++;
  const entry = {};
  transactions.set(id, entry);
  return new Promise((started, failedToStart) => {
    entry.finished = db
      .transaction(
        (tx) =>
          new Promise((commit, rollback) => {
            Object.assign(entry, { tx, commit, rollback });
            started(id);
          }),
      )
      .finally(() => transactions.delete(id));
    // Rejects the start only when it never started; later, `end` reports how it ended.
    entry.finished.catch(failedToStart);
  });
}

/** Commits or rolls back; answers once PGlite has (a failed commit reaches the caller). */
async function end({ transaction, commit }) {
  const entry = transactions.get(transaction);
  if (!entry?.tx) throw new Error(`No open transaction ${transaction}`);
  if (commit) {
    entry.commit();
    await entry.finished;
  } else {
    entry.rollback(new Error('rolled back'));
    await entry.finished.catch(() => undefined);
  }
}

const handlers = { query, begin, end, close: () => db.close() };

parentPort.on('message', async (message) => {
  try {
    const result = await handlers[message.op](message);
    parentPort.postMessage({ id: message.id, result });
  } catch (error) {
    parentPort.postMessage({ id: message.id, error: describe(error) });
  }
});
parentPort.postMessage({ ready: true });
