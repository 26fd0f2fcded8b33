import { createReadStream, createWriteStream, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { loadSettings } from '@/config/env.js';
import { createFileStore } from '@/file-store/create-store.js';
import { LocalFileStore, type FileStore } from '@/file-store/store.js';
import { copyBusiness, readBackup, RestoreRefusedError, writeBackup } from './backup.js';
import { openDatabase } from './client.js';

/**
 * `npm run db:backup -- [file]` and `npm run db:restore -- <file> [--replace]`, on the database
 * and file store the settings name (DATABASE_URL, else the embedded one in DATA_DIR; S3_*, else
 * DATA_DIR/files); `npm run db:migrate-to-postgres` copies the embedded database in DATA_DIR (and
 * its files) into DATABASE_URL (and the file store the settings name). The embedded database is
 * one process's: stop the server first.
 */
const [command, ...args] = process.argv.slice(2);
const usage = 'usage: db-cli backup [file.tar.gz]  |  db-cli restore <file.tar.gz> [--replace]\n';

// eslint-disable-next-line no-restricted-properties
const settings = loadSettings(process.env);
const database = await openDatabase({
  databaseUrl: settings.DATABASE_URL,
  dataDir: settings.DATA_DIR,
  embeddedBuffersMb: settings.EMBEDDED_DB_BUFFERS_MB,
  limits: settings,
});
const fileStore = await createFileStore(settings);
const say = (line: string) => process.stdout.write(`${line}\n`);
const sayMissing = (keys: string[], store: FileStore = fileStore) => {
  if (keys.length === 0) return;
  say(
    `${keys.length} files the database names were not in the file store ` +
      `(${store.description}) and were left out: ${keys.slice(0, 5).join(', ')}` +
      (keys.length > 5 ? ' …' : ''),
  );
};
try {
  await database.migrate();
  if (command === 'backup') {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = args[0] ?? `snowgear-backup-${stamp}.tar.gz`;
    // Written beside its name first: a backup cut short never passes for a whole one.
    const partial = `${file}.partial`;
    try {
      const summary = await writeBackup(database, fileStore, createWriteStream(partial));
      renameSync(partial, file);
      const rows = Object.values(summary.tables).reduce((a, b) => a + b, 0);
      say(
        `Backup written to ${file}: ${rows} rows in ${Object.keys(summary.tables).length} tables, ${summary.files} files.`,
      );
      sayMissing(summary.missingFiles);
    } catch (err) {
      rmSync(partial, { force: true });
      throw err;
    }
  } else if (command === 'restore' && args[0]) {
    const summary = await readBackup(database, fileStore, createReadStream(args[0]), {
      replace: args.includes('--replace'),
    });
    const rows = Object.values(summary.tables).reduce((a, b) => a + b, 0);
    say(
      `Restored ${rows} rows and ${summary.files} files from ${args[0]}; every count matches the backup's.`,
    );
  } else if (command === 'migrate-to-postgres') {
    if (!settings.DATABASE_URL) {
      throw new RestoreRefusedError('set DATABASE_URL to the PostgreSQL database to move to');
    }
    const embedded = await openDatabase({
      dataDir: settings.DATA_DIR,
      embeddedBuffersMb: settings.EMBEDDED_DB_BUFFERS_MB,
      limits: settings,
    });
    const embeddedFiles = new LocalFileStore(
      settings.FILES_DIR ?? join(settings.DATA_DIR, 'files'),
    );
    try {
      await embedded.migrate();
      const copied = await copyBusiness(
        { database: embedded, fileStore: embeddedFiles },
        { database, fileStore },
      );
      if ((copied.tables.tenants ?? 0) === 0) {
        say(`The embedded database in ${settings.DATA_DIR} was empty: nothing to move.`);
      } else {
        const rows = Object.values(copied.tables).reduce((a, b) => a + b, 0);
        say(
          `Moved ${rows} rows and ${copied.files} files to PostgreSQL; every count matches. ` +
            'Start the server with DATABASE_URL set; keep DATA_DIR until you no longer need it.',
        );
        sayMissing(copied.missingFiles, embeddedFiles);
      }
    } finally {
      await embedded.close();
    }
  } else {
    process.stderr.write(usage);
    process.exitCode = 2;
  }
} catch (err) {
  if (err instanceof RestoreRefusedError) {
    process.stderr.write(`Restore refused: ${err.message}\n`);
    process.exitCode = 1;
  } else {
    throw err;
  }
} finally {
  await database.close();
}
