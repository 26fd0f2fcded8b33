import closeWithGrace from 'close-with-grace';
import { buildApp } from '@/app.js';
import { loadSettings, SettingsError } from '@/config/env.js';
import { resolveSecret } from '@/config/secret.js';
import { loadTls } from '@/config/tls.js';
import { openDatabase } from '@/db/client.js';
import { prepareDatabase } from '@/prepare.js';
import { seedEquipmentPictures } from '@/demo/pictures.js';
import { FileService, fileLimits } from '@/modules/files/service.js';
import { createFileStore } from '@/file-store/create-store.js';
import { startupLines } from '@/startup.js';
import { HOST_TENANT_ID } from '@snowgear/contracts';

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

  const database = await openDatabase({
    databaseUrl: settings.DATABASE_URL,
    dataDir: settings.DATA_DIR,
    limits: settings,
    embeddedThread: true,
  });
  const tls = await loadTls(settings);
  const app = await buildApp({ settings, database, secret: resolveSecret(settings), https: tls });
  const seeded = await prepareDatabase(database, {
    seedDemoData: settings.SEED_DEMO_DATA,
    firstAdmin: settings.ADMIN_PASSWORD
      ? { userName: settings.ADMIN_USER_NAME, password: settings.ADMIN_PASSWORD }
      : undefined,
    log: app.log,
  });

  if (seeded) {
    const pictured = await seedEquipmentPictures(
      database.db,
      new FileService(database.db, createFileStore(settings), fileLimits(settings)),
      HOST_TENANT_ID,
    );
    app.log.info({ pictured }, 'demo equipment pictures drawn');
  }

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
}

main().catch((err: unknown) => {
  process.stderr.write(
    `Start-up failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exit(1);
});
