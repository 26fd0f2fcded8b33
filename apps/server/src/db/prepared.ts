import type { Database } from './client.js';

const built = new WeakMap<Database, Map<(db: Database) => unknown, unknown>>();

/**
 * `build(db)` made once per database and kept for its life: for a query prepared with
 * placeholders (drizzle's `.prepare(name)`, a named statement on PostgreSQL), so a hot call
 * neither builds its SQL again nor has the server parse and plan it again.
 */
export function preparedFor<T>(db: Database, build: (db: Database) => T): T {
  let queries = built.get(db);
  if (!queries) {
    queries = new Map();
    built.set(db, queries);
  }
  if (!queries.has(build)) queries.set(build, build(db));
  return queries.get(build) as T;
}
