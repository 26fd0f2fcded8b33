import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode, HOST_TENANT_ID, TENANT_HEADER } from '@snowgear/contracts';
import { eq, or, sql } from 'drizzle-orm';
import { tenants } from '@/db/schema.js';
import { Cache } from '@/lib/cache.js';
import { AppError } from '@/lib/errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The tenant this request acts for: the `__tenant` header (id or name), else the host. */
    tenantId: string;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Tenants found by the `__tenant` value clients send on every call are remembered (a minute by
 * default): tenants are created and closed by operators, not in the app. An unknown value is
 * looked up each time, so a new tenant answers at once.
 */
export const tenantPlugin = fp<{ ttlMs: number }>(
  async (app: FastifyInstance, { ttlMs }) => {
    app.decorateRequest('tenantId', HOST_TENANT_ID);
    const known = new Cache<string, string | null>({ ttlMs, maxEntries: 1000 });
    const find = async (value: string): Promise<string | null> => {
      const match = UUID.test(value)
        ? or(eq(tenants.id, value), eq(sql`lower(${tenants.name})`, value.toLowerCase()))
        : eq(sql`lower(${tenants.name})`, value.toLowerCase());
      const [tenant] = await app.db
        .select({ id: tenants.id, isActive: tenants.isActive })
        .from(tenants)
        .where(match)
        .limit(1);
      return tenant?.isActive ? tenant.id : null;
    };

    app.addHook('onRequest', async (request) => {
      const raw = request.headers[TENANT_HEADER];
      const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
      if (!value) return;
      const key = value.toLowerCase();
      const tenantId = await known.get(key, () => find(value));
      if (!tenantId) {
        known.forget(key); // not remembered: a tenant created next answers at once
        throw new AppError(400, ErrorCode.TenantNotFound, `Tenant not found or inactive: ${value}`);
      }
      request.tenantId = tenantId;
    });
  },
  { name: 'tenant', dependencies: ['database'] },
);
