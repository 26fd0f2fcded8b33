// PGlite's `query` with its statements kept parsed and planned. Plain JavaScript, so the database
// thread (pglite-worker.mjs) loads it as it is; the embedded database on the server's own thread
// (tests, the database commands) uses it too, so both run the same way.
import { parse, protocol } from '@electric-sql/pglite';

const { serialize } = protocol;

/**
 * Statements kept at most. Each holds its parse tree and plan in the database's memory; a text
 * that varies (a list of n ids) would otherwise pile up.
 */
const MAX_STATEMENTS = 100;

/** "cached plan must not change result type": a table's columns changed since the parse. */
const CACHED_PLAN_CHANGED = '0A000';

/** The parts as one message: PGlite answers a whole batch, up to its Sync, in one call. */
function batch(parts) {
  const message = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    message.set(part, at);
    at += part.length;
  }
  return message;
}

/**
 * PGlite's `query` parses, analyses and plans its statement on every call (an unnamed statement),
 * which for the counter's item card is more than half of its time. Here each text becomes a named
 * statement the first time it is sent, and later calls only bind and execute it, as the
 * PostgreSQL driver does for drizzle's prepared queries. The least recently used statements are
 * closed beyond MAX_STATEMENTS. Results, parsers and errors are PGlite's own.
 *
 * @param {import('@electric-sql/pglite').PGlite} db
 */
export function namedStatements(db) {
  /** @type {Map<string, { name: string, paramTypes: number[], rowDescription?: object }>} by text, most recent last */
  const statements = new Map();
  let nextName = 1;
  /**
   * The caller's parsers over PGlite's: an object of the caller's own, with PGlite's behind it as
   * its prototype (PGlite reads a parser as `parsers[type]`). Drizzle gives every query parsers
   * of its own, so merging copies (PGlite's way, and a cache by parsers object missed every time)
   * copied PGlite's few hundred types for each query: a twentieth of a busy test's CPU.
   */
  const withDefaults = (parsers) => Object.assign(Object.create(db.parsers), parsers);
  /** Names to close once no transaction is open (a failed transaction refuses even a Close). */
  const toClose = [];

  // PGlite throws the batch's first database error once the whole batch is answered, so the
  // connection is ready for the next one either way.
  const exchange = (...parts) =>
    db.execProtocolStream(batch(parts), { syncToFs: false, throwOnError: true });

  async function statementFor(text) {
    const known = statements.get(text);
    if (known) {
      statements.delete(text);
      statements.set(text, known);
      return known;
    }
    const name = `s${nextName++}`;
    const described = await exchange(
      serialize.parse({ name, text }),
      serialize.describe({ type: 'S', name }),
      serialize.sync(),
    );
    const statement = {
      name,
      paramTypes: parse.parseDescribeStatementResults(described),
      // What its rows hold (names and types), told once: later calls do not ask again.
      rowDescription: described.find((message) => message.name === 'rowDescription'),
    };
    statements.set(text, statement);
    for (const [oldText, old] of statements) {
      if (statements.size <= MAX_STATEMENTS) break;
      statements.delete(oldText);
      toClose.push(old.name);
    }
    return statement;
  }

  async function run(text, params, options, retry = true) {
    const { name, paramTypes, rowDescription } = await statementFor(text);
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const toText = options.serializers?.[paramTypes[i]] ?? db.serializers[paramTypes[i]];
      return toText ? toText(param) : param.toString();
    });
    let messages;
    try {
      messages = await exchange(
        serialize.bind({ statement: name, values }),
        serialize.execute({}),
        serialize.sync(),
      );
    } catch (error) {
      // A table under the statement changed its columns: parse it again, once. Inside a
      // transaction the error has already failed it; the statement is parsed anew next time.
      if (error?.code !== CACHED_PLAN_CHANGED || statements.get(text)?.name !== name) throw error;
      statements.delete(text);
      toClose.push(name);
      if (!retry || db.isInTransaction()) throw error;
      return run(text, params, options, false);
    }
    if (!db.isInTransaction()) {
      if (toClose.length > 0) {
        // The statement has run (a write is committed): its answer is given whatever happens
        // here, and a name not closed only keeps its memory.
        const names = toClose.splice(0);
        await exchange(
          ...names.map((n) => serialize.close({ type: 'S', name: n })),
          serialize.sync(),
        ).catch(() => undefined);
      }
      await db.syncToFs();
    }
    const { parsers, ...rest } = options;
    if (rowDescription) messages.unshift(rowDescription);
    return parse.parseResults(messages, parsers ? withDefaults(parsers) : db.parsers, rest)[0];
  }

  /**
   * `db.query`, or a transaction's `tx.query` when `inTransaction` (its hold on the database is
   * already taken; outside one, a call waits for any transaction to end, as PGlite's does).
   *
   * @param {string} text
   * @param {unknown[]} [params]
   * @param {import('@electric-sql/pglite').QueryOptions} [options]
   * @param {boolean} [inTransaction]
   */
  function query(text, params = [], options = {}, inTransaction = false) {
    const once = () => db._runExclusiveQuery(() => run(text, params, options));
    return inTransaction ? once() : db._runExclusiveTransaction(once);
  }

  return { query };
}

/**
 * The part of PGlite's interface drizzle uses (`query`, `transaction`), on named statements.
 *
 * @param {import('@electric-sql/pglite').PGlite} db
 */
export function withNamedStatements(db) {
  const { query } = namedStatements(db);
  return {
    query: (text, params, options) => query(text, params, options),
    transaction: (work) =>
      db.transaction(() =>
        work({ query: (text, params, options) => query(text, params, options, true) }),
      ),
  };
}
