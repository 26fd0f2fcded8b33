import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AuditLogEntrySchema,
  AuditLogFiltersSchema,
  AuditLogQuerySchema,
  pagedResultSchema,
  Permissions as P,
} from '@snowgear/contracts';
import { AuditService } from './service.js';

/** SystemManagement reads every store's log; StoreManagement its own store's. */
const AUDIT_READERS = {
  permissions: [P.SystemManagement.Default, P.StoreManagement.Default],
} as const;
const tags = ['audit'];

/** The audit log: who changed what and when, across stock, orders, money, settings and staff (docs/audit-and-shift-close.md). */
export async function auditRoutes(app: FastifyInstance, options: { timeZone: string }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = (request: FastifyRequest) => new AuditService(app.db, request, options.timeZone);

  r.get(
    '/api/app/audit-log',
    {
      config: { access: AUDIT_READERS },
      schema: {
        tags,
        summary:
          'Lines of the audit log, newest first, filtered by category, store (super admin), operator, business days (from–to, at most 366) and keyword; 20 per page',
        querystring: AuditLogQuerySchema,
        response: { 200: pagedResultSchema(AuditLogEntrySchema) },
      },
    },
    async (request) => service(request).list(request.query),
  );

  r.get(
    '/api/app/audit-log/export.csv',
    {
      config: { access: AUDIT_READERS },
      schema: {
        tags,
        summary:
          'The lines of the same filters as CSV (UTF-8 with BOM, headers in the Accept-Language); 400 beyond 10,000 lines',
        querystring: AuditLogFiltersSchema,
        response: { 200: z.string().describe('text/csv; charset=utf-8') },
      },
    },
    async (request, reply) => {
      const { fileName, body } = await service(request).exportCsv(request.query);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${fileName}"`)
        .header('Cache-Control', 'no-store')
        .send(body);
    },
  );
}
