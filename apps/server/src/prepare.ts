import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '@/db/client.js';
import { isSeeded, seedDemoData, seedFirstAdmin, type SeedSummary } from '@/demo/seed.js';

/**
 * Migrates, then sets up an empty database: with the demo business when asked to, else with the
 * business's first administrator when one is given (ADMIN_PASSWORD). An empty database with
 * neither stays empty, and says how to go on. It sits above the modules and the demo loader it
 * uses (db/ stays below them); the server and the test apps call it.
 */
export async function prepareDatabase(
  database: DatabaseHandle,
  options: {
    seedDemoData: boolean;
    /** The demo's rate cards and seasons too (default); the test apps' templates leave them out. */
    demoPricing?: boolean;
    firstAdmin?: { userName: string; password: string } | undefined;
    log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  },
): Promise<SeedSummary | null> {
  await database.migrate();
  options.log.info({ kind: database.kind }, 'database migrated');
  if (await isSeeded(database.db)) return null;
  if (options.seedDemoData) {
    const summary = await seedDemoData(database.db, { pricing: options.demoPricing ?? true });
    options.log.info(summary, 'demo data loaded');
    return summary;
  }
  if (options.firstAdmin) {
    await seedFirstAdmin(database.db, options.firstAdmin);
    options.log.info(
      { userName: options.firstAdmin.userName },
      'business set up: sign in as its super administrator to add stores and staff',
    );
    return null;
  }
  options.log.warn(
    'the database is empty and SEED_DEMO_DATA=false: set ADMIN_PASSWORD (and ADMIN_USER_NAME) ' +
      'and start again to make the super administrator',
  );
  return null;
}
