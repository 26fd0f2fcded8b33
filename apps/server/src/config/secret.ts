import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Settings } from './env.js';

/**
 * The signing secret: APP_SECRET when set; in embedded mode a generated one kept in
 * DATA_DIR/app-secret so tokens survive restarts. (With DATABASE_URL the settings demand it.)
 */
export function resolveSecret(settings: Settings): string {
  if (settings.APP_SECRET) return settings.APP_SECRET;
  const file = join(settings.DATA_DIR, 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(settings.DATA_DIR, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
