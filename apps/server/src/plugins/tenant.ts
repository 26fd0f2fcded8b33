import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode, HOST_TENANT_ID, TENANT_HEADER } from '@snowgear/contracts';
import { eq, or, sql } from 'drizzle-orm';
import { tenants } from '@/db/schema.js';
import { AppError } from '@/lib/errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The tenant this request acts for: the `__tenant` header (id or name), else the host. */
    tenantId: string;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const tenantPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('tenantId', HOST_TENANT_ID);

    app.addHook('onRequest', async (request) => {
      const raw = request.headers[TENANT_HEADER];
      const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
      if (!value) return;
      const match = UUID.test(value)
        ? or(eq(tenants.id, value), eq(sql`lower(${tenants.name})`, value.toLowerCase()))
        : eq(sql`lower(${tenants.name})`, value.toLowerCase());
      const [tenant] = await app.db
        .select({ id: tenants.id, isActive: tenants.isActive })
        .from(tenants)
        .where(match)
        .limit(1);
      if (!tenant || !tenant.isActive) {
        throw new AppError(400, ErrorCode.TenantNotFound, `Tenant not found or inactive: ${value}`);
      }
      request.tenantId = tenant.id;
    });
  },
  { name: 'tenant', dependencies: ['database'] },
);
