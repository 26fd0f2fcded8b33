import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  MyOrderCancelSchema,
  MyOrderExtendSchema,
  OrderSchema,
  RoleName,
  SelfReturnSchema,
} from '@snowgear/contracts';
import { users } from '@/db/schema.js';
import { isEnglish } from '@/lib/messages.js';
import type { Actor } from '@/modules/orders/timeline.js';
import type { PaymentsService } from '@/modules/payments/service.js';
import { MyOrders } from './service.js';

/** A customer's own orders only: the service finds no one else's. */
const CUSTOMER = { roles: [RoleName.Customer] } as const;
const Id = z.object({ id: z.uuid() });
const tags = ['my-orders'];

/**
 * What a customer does with their order from the phone: cancel, extend, self-return. Reading
 * and paying go through the order and payment calls, which scope customers to their own.
 */
export async function myOrderRoutes(
  app: FastifyInstance,
  options: { timeZone: string; payments: PaymentsService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = (request: FastifyRequest) => new MyOrders(app.db, request, options.timeZone);
  const actor = async (request: FastifyRequest): Promise<Actor> => {
    const [who] = await app.db
      .select({ name: users.name, userName: users.userName })
      .from(users)
      .where(eq(users.id, request.user!.id));
    return {
      userId: request.user!.id,
      operatorName: who?.name || who?.userName || request.user!.userName,
      english: isEnglish(request),
    };
  };

  r.post(
    '/api/app/my-orders/:id/cancel',
    {
      config: { access: CUSTOMER },
      schema: {
        tags,
        summary:
          'Cancel my order before the gear is out (Pending, Unpaid, Reserved, PendingDelivery); what was paid online goes back the same way',
        params: Id,
        body: MyOrderCancelSchema,
        response: { 200: OrderSchema },
      },
    },
    async (request) => {
      const my = service(request);
      const cancelled = await my.cancelMine(request.params.id, request.body.reason);
      if (!cancelled.bills.some((b) => b.kind === 'refund' && b.status === 'pending')) {
        return cancelled;
      }
      await options.payments.refundOwed(cancelled.id, await actor(request));
      return my.get(cancelled.id);
    },
  );

  r.post(
    '/api/app/my-orders/:id/extend',
    {
      config: { access: CUSTOMER },
      schema: {
        tags,
        summary:
          'Extend my rental by whole days: 409 with the reason when the gear is booked after; the extra days are a bill to pay',
        params: Id,
        body: MyOrderExtendSchema,
        response: { 200: OrderSchema },
      },
    },
    async (request) => service(request).extendMine(request.params.id, request.body.days),
  );

  r.post(
    '/api/app/my-orders/:id/self-return',
    {
      config: { access: CUSTOMER },
      schema: {
        tags,
        summary:
          'Hand my gear back by self-return: every item still out checked with a photo, dropped at the store or picked up; PendingReturn until the store checks it in',
        params: Id,
        body: SelfReturnSchema,
        response: { 200: OrderSchema },
      },
    },
    async (request) => service(request).selfReturn(request.params.id, request.body),
  );
}
