import { loadSettings } from '@/config/env.js';
import { openDatabase } from './client.js';
import { seedDemoData } from './seed.js';

/** `npm run db:seed`: migrate, then load (or top up) the demo data. */
// eslint-disable-next-line no-restricted-properties
const settings = loadSettings(process.env);
const database = await openDatabase({
  databaseUrl: settings.DATABASE_URL,
  dataDir: settings.DATA_DIR,
});
try {
  await database.migrate();
  const summary = await seedDemoData(database.db);
  process.stdout.write(
    `Demo data in place: stores ${summary.stores.map((s) => s.name).join('、')}; ${summary.helpArticles} help articles; ` +
      `logins ${summary.logins.map((l) => l.userName).join(', ')} (password ${summary.password}); ` +
      `customer ${summary.customer.phoneNumber} ${summary.customer.realName}\n`,
  );
} finally {
  await database.close();
}
