import { spawn } from 'node:child_process';
import closeWithGrace from 'close-with-grace';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { buildApp } from '@/app.js';
import { loadSettings, SettingsError, type Settings } from '@/config/env.js';
import { resolveSecret } from '@/config/secret.js';
import { loadTls } from '@/config/tls.js';
import { embeddedDatabaseExists, openDatabase, type DatabaseHandle } from '@/db/client.js';
import { prepareDatabase } from '@/prepare.js';
import type { SeedSummary } from '@/demo/seed.js';
import { seedEquipmentPictures, seedPackPictures } from '@/demo/pictures.js';
import { FileService, fileLimits } from '@/modules/files/service.js';
import { createFileStore } from '@/file-store/create-store.js';
import { startupLines } from '@/startup.js';
import { releaseFreedMemory } from '@/lib/release-memory.js';
import { HOST_TENANT_ID } from '@snowgear/contracts';

/** Given to the server's own program: prepare the embedded database, then end (see below). */
const PREPARE_ONLY = '--prepare-database';

/**
 * Migrates and, on a new database, loads the demo data (with its pictures) or the business's
 * first administrator (prepare.ts).
 */
async function prepare(
  settings: Settings,
  database: DatabaseHandle,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
): Promise<SeedSummary | null> {
  const seeded = await prepareDatabase(database, {
    seedDemoData: settings.SEED_DEMO_DATA,
    demoPricing: settings.SEED_DEMO_PRICING,
    firstAdmin: settings.ADMIN_PASSWORD
      ? { userName: settings.ADMIN_USER_NAME, password: settings.ADMIN_PASSWORD }
      : undefined,
    log,
  });
  if (seeded) {
    const files = new FileService(
      database.db,
      await createFileStore(settings),
      fileLimits(settings),
    );
    const pictured = await seedEquipmentPictures(database.db, files, HOST_TENANT_ID);
    const packs = await seedPackPictures(database.db, files, HOST_TENANT_ID);
    log.info({ pictured, packs }, 'demo equipment and pack pictures drawn');
  }
  return seeded;
}

/**
 * A new embedded database is created, migrated and loaded by this program in a process of its
 * own, which then ends. Creating it runs a second PostgreSQL (initdb), and the first migrations
 * and the demo data leave memory behind in the process that ran them, which a long-running server
 * would hold for good. The server then opens the database as on any later start.
 */
function prepareInOwnProcess(): Promise<SeedSummary | null> {
  return new Promise((done, failed) => {
    let seeded: SeedSummary | null = null;
    const child = spawn(process.execPath, [...process.execArgv, process.argv[1]!, PREPARE_ONLY], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.on('message', (message: { seeded: SeedSummary | null }) => {
      seeded = message.seeded;
    });
    child.once('error', failed);
    child.once('exit', (code) => {
      if (code === 0) done(seeded);
      else failed(new Error(`preparing the database failed (exit ${code})`));
    });
  });
}

/** Starts the server: settings, database, migrations, demo data, listen, graceful shutdown. */
async function main() {
  let settings;
  try {
    // The one place that reads the environment (CONVENTIONS.md habit 4).
    // eslint-disable-next-line no-restricted-properties
    settings = loadSettings(process.env);
  } catch (err) {
    if (err instanceof SettingsError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }

  if (process.argv.includes(PREPARE_ONLY)) {
    const database = await openDatabase({
      dataDir: settings.DATA_DIR,
      limits: settings,
      embeddedBuffersMb: settings.EMBEDDED_DB_BUFFERS_MB,
    });
    const seeded = await prepare(settings, database, pino({ level: settings.LOG_LEVEL }));
    await database.close();
    process.send?.({ seeded });
    return;
  }
  const preparedApart =
    !settings.DATABASE_URL && !embeddedDatabaseExists(settings.DATA_DIR)
      ? await prepareInOwnProcess()
      : null;

  const database = await openDatabase({
    databaseUrl: settings.DATABASE_URL,
    dataDir: settings.DATA_DIR,
    limits: settings,
    embeddedThread: true,
    embeddedBuffersMb: settings.EMBEDDED_DB_BUFFERS_MB,
  });
  const tls = await loadTls(settings);
  const app = await buildApp({ settings, database, secret: resolveSecret(settings), https: tls });
  // Migrations come out of a release too: on PostgreSQL, and on an embedded database made before.
  const seeded = (await prepare(settings, database, app.log)) ?? preparedApart;

  closeWithGrace({ delay: settings.SHUTDOWN_GRACE_MS }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
  });

  await app.listen({ host: settings.HOST, port: settings.PORT });
  const address = app.server.address();
  const lines = startupLines({
    settings,
    port: typeof address === 'object' && address ? address.port : settings.PORT,
    database: database.kind,
    seeded,
    tls,
  });
  process.stdout.write(`${lines.join('\n')}\n`);
  // Opening the database and loading the app freed much of what they took, and every burst of
  // requests and sweep of due orders frees more: give it back now and every half minute after
  // (lib/release-memory.ts; a call that finds little free costs well under a millisecond).
  releaseFreedMemory();
  setInterval(releaseFreedMemory, 30_000).unref();
}

main().catch((err: unknown) => {
  process.stderr.write(
    `Start-up failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exit(1);
});
