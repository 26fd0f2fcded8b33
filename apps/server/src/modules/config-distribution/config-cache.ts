import { createHash } from 'node:crypto';
import type { Database } from '@/db/client.js';
import { Cache } from '@/lib/cache.js';
import { getH5Config } from './service.js';

export interface CachedConfig {
  /** The answer as sent, serialised once. */
  json: string;
  /** Its fingerprint: a client that has it already gets 304 and no body. */
  etag: string;
}

/**
 * The client configuration every app start asks for, assembled once per tenant and kept until an
 * administrator changes stores, parameters or system information (the admin module forgets it
 * after each change) or `ttlMs` passes (changes made by another server process).
 */
export class H5ConfigCache {
  private readonly cache: Cache<string, CachedConfig>;

  constructor(ttlMs: number) {
    this.cache = new Cache({ ttlMs, maxEntries: 1000 });
  }

  get(db: Database, tenantId: string): Promise<CachedConfig> {
    return this.cache.get(tenantId, async () => {
      const json = JSON.stringify(await getH5Config(db, tenantId));
      const etag = `W/"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`;
      return { json, etag };
    });
  }

  forget(tenantId: string): void {
    this.cache.forget(tenantId);
  }

  forgetAll(): void {
    this.cache.forgetAll();
  }
}
