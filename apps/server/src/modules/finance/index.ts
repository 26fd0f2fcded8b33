import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FinanceAgentsSchema,
  FinanceBillSchema,
  FinanceBillsQuerySchema,
  FinanceRangeQuerySchema,
  FinanceSummarySchema,
  pagedResultSchema,
  Permissions as P,
  ShiftCloseQuerySchema,
  ShiftCloseSchema,
} from '@snowgear/contracts';
import { FinanceAgentsService } from './agents.js';
import { FinanceService } from './service.js';
import { ShiftCloseService } from './shift-close.js';

const FINANCE = { permissions: [P.StoreManagement.Finance] } as const;
const tags = ['finance'];

/** Store reconciliation: takings, refunds, deposits held and what is still open (/store/finance). */
export async function financeRoutes(app: FastifyInstance, options: { timeZone: string }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = (request: FastifyRequest) =>
    new FinanceService(app.db, request, options.timeZone);

  r.get(
    '/api/app/finance/summary',
    {
      config: { access: FINANCE },
      schema: {
        tags,
        summary:
          'Takings and refunds by method and by business day (from–to inclusive, at most 366 days), deposits held, and bills still open; a super admin may choose the store or all, other staff get their own',
        querystring: FinanceRangeQuerySchema,
        response: { 200: FinanceSummarySchema },
      },
    },
    async (request) => service(request).summary(request.query),
  );

  r.get(
    '/api/app/finance/agents',
    {
      config: { access: FINANCE },
      schema: {
        tags,
        summary:
          'Orders placed in the range that carry an agent: each agent’s orders, revenue (rent and fees kept, never deposits, less refunds) and commission, as the agent’s own page counts them; a super admin may choose the store or all, other staff get their own',
        querystring: FinanceRangeQuerySchema,
        response: { 200: FinanceAgentsSchema },
      },
    },
    async (request) =>
      new FinanceAgentsService(app.db, request, options.timeZone).agents(request.query),
  );

  r.get(
    '/api/app/finance/bills',
    {
      config: { access: FINANCE },
      schema: {
        tags,
        summary: 'Bills paid in the range (payments, supplements and refunds), newest first',
        querystring: FinanceBillsQuerySchema,
        response: { 200: pagedResultSchema(FinanceBillSchema) },
      },
    },
    async (request) => service(request).bills(request.query),
  );

  r.get(
    '/api/app/finance/shift-close',
    {
      config: { access: FINANCE },
      schema: {
        tags,
        summary:
          'Cash taken in and given back per clerk on one business day (today when no date) at one store, each bill listed, with the totals to count the drawer against; a super admin may choose the store, other staff get their own',
        querystring: ShiftCloseQuerySchema,
        response: { 200: ShiftCloseSchema },
      },
    },
    async (request) =>
      new ShiftCloseService(app.db, request, options.timeZone).shiftClose(request.query),
  );

  r.get(
    '/api/app/finance/export.csv',
    {
      config: { access: FINANCE },
      schema: {
        tags,
        summary:
          'The paid bills of the range as CSV (UTF-8 with BOM, headers in the Accept-Language), one row per bill',
        querystring: FinanceRangeQuerySchema,
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
