import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { freePort, startServerProcess } from '@snowgear/server/testing/process';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Starts the built server (`npm run build` ran first) on a fresh data folder, as `npm start` would. */
export default async function setup(project: TestProject) {
  const serverJs = join(root, 'apps/server/dist/server.js');
  if (!existsSync(serverJs)) throw new Error('Build first: npm run build');
  const dataDir = mkdtempSync(join(tmpdir(), 'snowgear-e2e-'));
  const server = await startServerProcess({
    command: process.execPath,
    args: [serverJs],
    cwd: root,
    port: await freePort(),
    env: { DATA_DIR: dataDir, WEB_DIST_DIR: join(root, 'apps/web/dist'), LOG_LEVEL: 'warn' },
  });
  project.provide('baseUrl', server.origin);
  return async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
