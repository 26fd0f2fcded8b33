import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSourceServer } from '@snowgear/server/testing/process';

/**
 * Starts the real API server (from source, embedded PGlite in a fresh folder with demo data) in a
 * child process. The test pages live on its origin (vitest.config.ts), so requests are
 * same-origin and the verification cookie lands in `document.cookie` as in a browser.
 */

export async function startRealServer(port: number) {
  const dataDir = mkdtempSync(join(tmpdir(), 'snowgear-web-test-'));
  const server = await startSourceServer({
    port,
    // It makes a new database with the demo data from source: beside CI's browser journeys and
    // PostgreSQL suite on two cores this once took longer than the usual minute.
    timeoutMs: 180_000,
    // The page tests sign the demo users in far more often than a store does, and all their
    // pages share one address, most of them new browsers; the sign-in burst cap, the anonymous
    // limits and the SMS codes per address are the server suite's to test (a route's own limit
    // still counts).
    env: {
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // The demo's gear at its daily prices whatever day the tests run (no seasons, no cards):
      // the pages' figures are the tests', the pricing is the server suite's and the journeys'.
      SEED_DEMO_PRICING: 'false',
      RATE_LIMIT_SIGN_IN_PER_MINUTE: '100000',
      RATE_LIMIT_ANONYMOUS_PER_MINUTE: '100000',
      RATE_LIMIT_WITHOUT_BROWSER_PER_MINUTE: '100000',
      RATE_LIMIT_ANONYMOUS_ADDRESS_PER_MINUTE: '100000',
      SMS_HOURLY_LIMIT_PER_ADDRESS: '100000',
      // Each counter order the tests make carries a signature the clerk uploaded just before.
      FILE_UPLOADS_PER_USER_PER_MINUTE: '100000',
    },
  });
  return {
    origin: server.origin,
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
