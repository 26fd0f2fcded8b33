import { loadSettings } from '@/config/env.js';
import { openDatabase } from '@/db/client.js';
import { HOST_TENANT_ID } from '@snowgear/contracts';
import { FileService, fileLimits } from '@/modules/files/service.js';
import { createFileStore } from '@/file-store/create-store.js';
import { seedDemoData } from './seed.js';
import { seedEquipmentPictures, seedPackPictures } from './pictures.js';

/** `npm run db:seed`: migrate, then load (or top up) the demo data. */
// eslint-disable-next-line no-restricted-properties
const settings = loadSettings(process.env);
const database = await openDatabase({
  databaseUrl: settings.DATABASE_URL,
  dataDir: settings.DATA_DIR,
  embeddedBuffersMb: settings.EMBEDDED_DB_BUFFERS_MB,
  limits: settings,
});
try {
  await database.migrate();
  const summary = await seedDemoData(database.db);
  const files = new FileService(database.db, await createFileStore(settings), fileLimits(settings));
  await seedEquipmentPictures(database.db, files, HOST_TENANT_ID);
  await seedPackPictures(database.db, files, HOST_TENANT_ID);
  process.stdout.write(
    `Demo data in place: stores ${summary.stores.map((s) => s.name).join('、')}; ${summary.helpArticles} help articles; ` +
      `logins ${summary.logins.map((l) => l.userName).join(', ')} (password ${summary.password}); ` +
      `customer ${summary.customer.phoneNumber} ${summary.customer.realName}\n`,
  );
} finally {
  await database.close();
}
