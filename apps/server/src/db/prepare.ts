import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from './client.js';
import { isSeeded, seedDemoData, type SeedSummary } from './seed.js';

/** Migrates, then loads demo data into an empty database when asked to. */
export async function prepareDatabase(
  database: DatabaseHandle,
  options: { seedDemoData: boolean; log: Pick<FastifyBaseLogger, 'info'> },
): Promise<SeedSummary | null> {
  await database.migrate();
  options.log.info({ kind: database.kind }, 'database migrated');
  if (!options.seedDemoData || (await isSeeded(database.db))) return null;
  const summary = await seedDemoData(database.db);
  options.log.info(summary, 'demo data loaded');
  return summary;
}
