import type { TestProject } from 'vitest/node';
import { startRealServer } from './real-server';

declare module 'vitest' {
  export interface ProvidedContext {
    apiServerPort: number;
  }
}

/** One real API server (embedded PGlite with demo data) for the whole web test run. */
export default async function setup(project: TestProject) {
  const port = project.config.provide.apiServerPort;
  if (!port) throw new Error('vitest.config.ts provides no apiServerPort');
  const server = await startRealServer(port);
  return () => server.stop();
}
