import { createHash } from 'node:crypto';
import type { Database } from '@/db/client.js';
import { Cache } from '@/lib/cache.js';
import { LocalForgetBus, type ForgetBus } from '@/lib/forget-bus.js';
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
 * after each change, and tells the other server processes through `bus`) or `ttlMs` passes.
 */
export class H5ConfigCache {
  private readonly cache: Cache<string, CachedConfig>;

  constructor(
    ttlMs: number,
    private readonly bus: ForgetBus = new LocalForgetBus(),
  ) {
    this.cache = new Cache({ ttlMs, maxEntries: 1000 });
    bus.subscribe((message) => {
      if (!message) this.cache.forgetAll();
      else if (message.cache === 'h5Config') this.cache.forget(message.tenantId);
    });
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
    this.bus.publish({ cache: 'h5Config', tenantId });
  }

  forgetAll(): void {
    this.cache.forgetAll();
  }
}
