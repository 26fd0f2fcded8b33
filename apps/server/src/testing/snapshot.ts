import { existsSync, readFileSync } from 'node:fs';

/** Where the test run's seeded embedded database lies (testing/global-setup.ts), if it does. */
export const SNAPSHOT_ENV = 'SNOWGEAR_TEST_PGLITE_SNAPSHOT';

/** The seeded embedded database to start a test app from, if this run made one. */
export function seededSnapshot(): Blob | undefined {
  const file = process.env[SNAPSHOT_ENV];
  if (!file || !existsSync(file)) return undefined;
  return new Blob([readFileSync(file)]);
}
