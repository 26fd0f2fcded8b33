import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough, type Readable, type Writable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import tar from 'tar-stream';
import { StoredFileMissingError, type FileStore } from '@/file-store/store.js';
import type { Database, DatabaseHandle, Transaction } from './client.js';
import { migrationsFolder } from './migrations-folder.js';

/**
 * A backup is one gzipped tar file, the same for both engines, so a backup of the embedded
 * database restores onto PostgreSQL and back:
 *
 * - `manifest.json`: the format, when it was made, the engine and the schema's migration;
 * - `files/<storage key>`: the bytes of every stored file and thumbnail the database names;
 * - `tables/<table>/<n>.jsonl`: the rows, a JSON object a line as PostgreSQL writes them
 *   (`row_to_json`), in batches, parents before children;
 * - `summary.json`: the rows of each table and the files, checked after a restore.
 *
 * Everything is read in one repeatable-read transaction: a backup taken while the stores work
 * is one moment of the business.
 */
export const BACKUP_FORMAT = 'snowgear-backup-1';
const BATCH_ROWS = 2000;

export interface BackupManifest {
  format: string;
  createdAt: string;
  engine: DatabaseHandle['kind'];
  /** The last migration applied when the backup was made. */
  migration: string;
}

export interface BackupSummary {
  tables: Record<string, number>;
  files: number;
  /** Keys the database named but the store no longer held (left out of the backup). */
  missingFiles: string[];
}

/** The newest migration of this build (the schema the code expects). */
export function currentMigration(): string {
  const journal = JSON.parse(
    readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { tag: string }[] };
  return journal.entries.at(-1)?.tag ?? '';
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The application's tables, parents before children (by their foreign keys). */
async function tablesInOrder(db: Database | Transaction): Promise<string[]> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`
      select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`),
  ).map((t) => t.name);
  const links = rowsOf<{ child: string; parent: string }>(
    await db.execute(sql`
      select child.relname as child, parent.relname as parent
      from pg_constraint k
      join pg_class child on child.oid = k.conrelid
      join pg_class parent on parent.oid = k.confrelid
      join pg_namespace n on n.oid = child.relnamespace
      where k.contype = 'f' and n.nspname = 'public'`),
  );
  const ordered: string[] = [];
  const placed = new Set<string>();
  const place = (table: string, path: Set<string>) => {
    if (placed.has(table) || path.has(table)) return;
    path.add(table);
    for (const link of links) {
      if (link.child === table && link.parent !== table) place(link.parent, path);
    }
    placed.add(table);
    ordered.push(table);
  };
  for (const table of tables) place(table, new Set());
  return ordered;
}

/** Adds one entry of known bytes to the archive, waiting for it to be taken. */
function addEntry(pack: tar.Pack, name: string, bytes: Buffer): Promise<void> {
  return new Promise((done, fail) => {
    pack.entry({ name, size: bytes.length, mtime: new Date() }, bytes, (err) =>
      err ? fail(err) : done(),
    );
  });
}

/** Writes a backup of the database and its files to `out` (gzipped tar). */
export async function writeBackup(
  database: DatabaseHandle,
  fileStore: FileStore,
  out: Writable,
): Promise<BackupSummary> {
  const pack = tar.pack();
  const written = pipeline(pack, createGzip(), out);
  written.catch(() => undefined);
  const summary: BackupSummary = { tables: {}, files: 0, missingFiles: [] };
  try {
    await database.db.transaction(
      async (tx) => {
        const manifest: BackupManifest = {
          format: BACKUP_FORMAT,
          createdAt: new Date().toISOString(),
          engine: database.kind,
          migration: currentMigration(),
        };
        await addEntry(pack, 'manifest.json', Buffer.from(JSON.stringify(manifest, null, 2)));

        // Files first: a restore puts them in the store before it writes any row.
        const keys = rowsOf<{ key: string }>(
          await tx.execute(sql`
            select storage_key as key from files
            union select t->>'key' from files, jsonb_array_elements(thumbnails) t
            order by 1`),
        ).map((r) => r.key);
        for (const key of keys) {
          let bytes: Buffer;
          try {
            bytes = await buffer(await fileStore.read(key));
          } catch (err) {
            if (!(err instanceof StoredFileMissingError)) throw err;
            summary.missingFiles.push(key);
            continue;
          }
          await addEntry(pack, `files/${key}`, bytes);
          summary.files += 1;
        }

        for (const table of await tablesInOrder(tx)) {
          let count = 0;
          let after = '(0,0)';
          for (let batch = 1; ; batch++) {
            // Keyset on the row's physical place: each batch reads only its own rows.
            const rows = rowsOf<{ at: string; row: string }>(
              await tx.execute(sql`
                select t.ctid::text as at, row_to_json(t)::text as row
                from ${sql.raw(quoted(table))} t
                where t.ctid > ${after}::tid order by t.ctid limit ${BATCH_ROWS}`),
            );
            if (rows.length === 0) break;
            const lines = rows.map((r) => r.row).join('\n') + '\n';
            const name = `tables/${table}/${String(batch).padStart(6, '0')}.jsonl`;
            await addEntry(pack, name, Buffer.from(lines));
            count += rows.length;
            after = rows.at(-1)!.at;
          }
          summary.tables[table] = count;
        }
        await addEntry(pack, 'summary.json', Buffer.from(JSON.stringify(summary, null, 2)));
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    pack.finalize();
  } catch (err) {
    pack.destroy(err as Error);
    await written.catch(() => undefined);
    throw err;
  }
  await written;
  return summary;
}

/** Thrown for a backup this build cannot or should not restore; the message says why. */
export class RestoreRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefusedError';
  }
}

/**
 * Restores a backup (`writeBackup`) into a migrated database: files into the store first, then
 * every row in one transaction, so a failed restore leaves no half-written database. An
 * database that already holds a business is refused unless `replace` (its rows are removed in
 * the same transaction; files it stored stay in the store). Checks the counts at the end.
 */
export async function readBackup(
  database: DatabaseHandle,
  fileStore: FileStore,
  input: Readable,
  { replace = false }: { replace?: boolean } = {},
): Promise<BackupSummary> {
  const db = database.db;
  const tables = await tablesInOrder(db);
  const known = new Set(tables);
  const occupied = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from tenants`),
  )[0]!.n;
  if (occupied > 0 && !replace) {
    throw new RestoreRefusedError(
      'this database already holds a business: restore into an empty one, or pass --replace ' +
        'to remove what it holds first',
    );
  }

  const extract = tar.extract();
  try {
    // Every row in one transaction, held across the archive's entries: all or nothing.
    return await db.transaction(async (tx) => {
      if (occupied > 0) {
        await tx.execute(
          sql.raw(`truncate table ${tables.map(quoted).join(', ')} restart identity cascade`),
        );
      }
      let manifest: BackupManifest | undefined;
      let expected: BackupSummary | undefined;
      let files = 0;
      // The archive is read once the transaction is open; a failure of the file or of its
      // compression (a backup cut short) ends the reading with that error.
      const gunzip = createGunzip();
      input.on('error', (err) => extract.destroy(err));
      gunzip.on('error', (err) => extract.destroy(err));
      input.pipe(gunzip).pipe(extract);
      for await (const entry of extract) {
        const name = entry.header.name;
        const bytes = await buffer(entry);
        if (name === 'manifest.json') {
          manifest = JSON.parse(bytes.toString('utf8')) as BackupManifest;
          checkManifest(manifest);
        } else if (!manifest) {
          throw new RestoreRefusedError('not a backup of this product (no manifest first)');
        } else if (name.startsWith('files/')) {
          await fileStore.put(name.slice('files/'.length), bytes, 'application/octet-stream');
          files += 1;
        } else if (name.startsWith('tables/')) {
          const table = name.split('/')[1]!;
          if (!known.has(table)) throw new RestoreRefusedError(`unknown table ${table}`);
          const rows = `[${bytes.toString('utf8').trimEnd().split('\n').join(',')}]`;
          await tx.execute(sql`
            insert into ${sql.raw(quoted(table))}
            select * from json_populate_recordset(null::${sql.raw(quoted(table))}, ${rows}::json)`);
        } else if (name === 'summary.json') {
          expected = JSON.parse(bytes.toString('utf8')) as BackupSummary;
        }
      }
      if (!expected)
        throw new RestoreRefusedError('the backup is incomplete (no summary at its end)');
      const counted: Record<string, number> = {};
      for (const table of Object.keys(expected.tables)) {
        counted[table] = rowsOf<{ n: number }>(
          await tx.execute(sql.raw(`select count(*)::int as n from ${quoted(table)}`)),
        )[0]!.n;
      }
      const wrong = Object.keys(expected.tables).filter((t) => counted[t] !== expected.tables[t]);
      if (wrong.length > 0 || files !== expected.files) {
        const tablesWrong = wrong.map((t) => `${t} ${counted[t]} of ${expected.tables[t]}`);
        const filesWrong = files !== expected.files ? [`files ${files} of ${expected.files}`] : [];
        throw new Error(
          `restored counts differ from the backup's: ${[...tablesWrong, ...filesWrong].join(', ')}`,
        );
      }
      return { tables: counted, files, missingFiles: expected.missingFiles };
    });
  } catch (err) {
    extract.destroy();
    input.destroy();
    throw err;
  }
}

function checkManifest(manifest: BackupManifest) {
  if (manifest.format !== BACKUP_FORMAT) {
    throw new RestoreRefusedError(`not a backup of this product (${manifest.format})`);
  }
  if (manifest.migration > currentMigration()) {
    throw new RestoreRefusedError(
      `the backup has a newer schema (${manifest.migration}) than this build ` +
        `(${currentMigration()}): restore it with the version that made it or a later one`,
    );
  }
}

/**
 * Copies a whole business from one database and file store to another (the embedded database to
 * PostgreSQL, say): a backup streamed straight into a restore, with its counts checked.
 */
export async function copyBusiness(
  from: { database: DatabaseHandle; fileStore: FileStore },
  to: { database: DatabaseHandle; fileStore: FileStore },
): Promise<BackupSummary> {
  const through = new PassThrough();
  const [, restored] = await Promise.all([
    writeBackup(from.database, from.fileStore, through),
    readBackup(to.database, to.fileStore, through),
  ]);
  return restored;
}
