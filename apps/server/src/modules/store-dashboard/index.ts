import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  Permissions as P,
  StoreDashboardQuerySchema,
  StoreDashboardSchema,
} from '@snowgear/contracts';
import { StoreDashboardService } from './service.js';

/** The store's staff: those who work with its orders (the spec's store area). */
const STORE_STAFF = {
  permissions: [
    P.StoreManagement.Orders,
    P.BusinessOperations.OrderCreate,
    P.BusinessOperations.OrderUpdate,
    P.BusinessOperations.OrderProcess,
  ],
} as const;

/** The store dashboard: today's figures and the week's chart, each figure the count of a list. */
export async function storeDashboardRoutes(app: FastifyInstance, options: { timeZone: string }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/app/store-dashboard',
    {
      config: { access: STORE_STAFF },
      schema: {
        tags: ['store-dashboard'],
        summary:
          'Today at a store: orders to confirm, pick up, deliver, take back and collect, overdue, to prepare, self-returns to check; gear out, small equipment running low, takings by method (for finance), and the last 7 days. Each order figure is the total of the order list with the same filters.',
        querystring: StoreDashboardQuerySchema,
        response: { 200: StoreDashboardSchema },
      },
    },
    async (request) =>
      new StoreDashboardService(app.db, request, options.timeZone).get(request.query),
  );
}
