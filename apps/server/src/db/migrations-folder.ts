import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The generated migrations live in `apps/server/drizzle`. This file runs from `src/db` in
 * development and from the `dist` bundle in production, so look upwards for the folder.
 */
function findMigrationsFolder(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = join(dir, 'drizzle');
    if (existsSync(join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = dirname(dir);
  }
  throw new Error('Migrations folder (drizzle/meta/_journal.json) not found');
}

export const migrationsFolder = findMigrationsFolder();
