import { existsSync, readFileSync } from 'node:fs';

/**
 * The databases a test run prepares once (testing/global-setup.ts) and every test app starts
 * from, instead of migrating and loading the demo business again for each: one migrated and
 * empty, one with the demo business too. On the embedded database they are dumped data folders
 * (PGlite's `dumpDataDir`, loaded with `loadDataDir`); on PostgreSQL they are databases each
 * test app's own database is created from (`CREATE DATABASE … TEMPLATE …`).
 */
export interface DatabaseTemplates {
  kind: 'pglite' | 'postgres';
  /** PGlite: the file of the dumped data folder. PostgreSQL: the template database's name. */
  migrated: string;
  seeded: string;
  /** PostgreSQL: the run's test databases are named with this prefix (and dropped at its end). */
  prefix?: string;
}

export const TEMPLATES_ENV = 'SNOWGEAR_TEST_DATABASE_TEMPLATES';

/** This run's templates, when its global setup made them. */
export function databaseTemplates(): DatabaseTemplates | undefined {
  const value = process.env[TEMPLATES_ENV];
  return value ? (JSON.parse(value) as DatabaseTemplates) : undefined;
}

/** The files of a worker's test apps are read once (the worker runs many files). */
const dumps = new Map<string, Buffer>();

/** The embedded database to start a test app from: seeded or only migrated, if this run made it. */
export function pgliteTemplate(which: 'migrated' | 'seeded'): Blob | undefined {
  const templates = databaseTemplates();
  if (templates?.kind !== 'pglite') return undefined;
  const file = templates[which];
  let dump = dumps.get(file);
  if (!dump) {
    if (!existsSync(file)) return undefined;
    dump = readFileSync(file);
    dumps.set(file, dump);
  }
  return new Blob([dump]);
}

/** The seeded embedded database to start from, if this run made one. */
export function seededSnapshot(): Blob | undefined {
  return pgliteTemplate('seeded');
}

/** PostgreSQL: the template database to create a test app's database from, if this run made it. */
export function postgresTemplate(which: 'migrated' | 'seeded'): string | undefined {
  const templates = databaseTemplates();
  return templates?.kind === 'postgres' ? templates[which] : undefined;
}
