import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  CheckoutSchema,
  PaymentAttemptSchema,
  PaymentCreateSchema,
  PaymentStatusSchema,
  Permissions as P,
  RefundOnlineResultSchema,
} from '@snowgear/contracts';
import { users } from '@/db/schema.js';
import { PUBLIC, REFUND } from '@/lib/access.js';
import { isEnglish } from '@/lib/messages.js';
import { OrdersService } from '@/modules/orders/service.js';
import { perAddressLimit } from '@/plugins/security.js';
import type { Actor } from '@/modules/orders/timeline.js';
import { sandboxCashierRoutes } from './sandbox-cashier.js';
import type { PaymentProviders } from './registry.js';
import type { PaymentCaller, PaymentsService } from './service.js';

const tags = ['payments'];
const VIEW_ORDERS = {
  permissions: [
    P.StoreManagement.Orders,
    P.BusinessOperations.OrderCreate,
    P.BusinessOperations.OrderUpdate,
    P.BusinessOperations.OrderProcess,
    P.BusinessOperations.PaymentProcess,
    P.DeliveryManagement.DeliveryOrders,
    P.DeliveryManagement.PickupOrders,
    P.CustomerOperations.ViewOrders,
  ],
} as const;

function caller(request: FastifyRequest): PaymentCaller {
  return {
    tenantId: request.tenantId,
    userId: request.user?.id ?? null,
    clientIp: request.ip,
    english: isEnglish(request),
  };
}

/**
 * Online payments (spec §7 bill payment status, §9 payment methods): what is due, starting a
 * payment, following it, refunds to the original route, and the providers' notifications.
 * Paying needs no sign-in: the customer's payment page may be opened from a link or a QR code
 * (order and bill ids are unguessable, and paying someone's bill at a real provider harms no one;
 * the sandbox takes no money, so it is on only in the embedded demo unless asked for, and then
 * start-up warns: see startup.ts).
 */
export async function paymentRoutes(
  app: FastifyInstance,
  options: { service: PaymentsService; providers: PaymentProviders; timeZone: string },
) {
  const { service } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/app/payments/checkout/:orderId',
    {
      config: { access: PUBLIC },
      schema: {
        tags,
        summary:
          'What is due on an order, what it is for, its fees and the methods the store takes (the customer’s name, addresses, riders’ names and the QR share key only for its customer and its staff)',
        params: z.object({ orderId: z.uuid() }),
        response: { 200: CheckoutSchema },
      },
    },
    async (request) => {
      const orders = new OrdersService(app.db, request, options.timeZone);
      return service.checkout(request.tenantId, request.params.orderId, {
        userId: request.user?.id ?? null,
        personal: (order) => orders.mayReadPersonal(order),
        english: isEnglish(request),
      });
    },
  );

  r.post(
    '/api/app/payments',
    {
      // Its answer holds the cashier link with its secret.
      config: { access: PUBLIC, secretAnswer: true },
      schema: {
        tags,
        summary:
          'Start paying a bill with WeChat Pay or Alipay (a still-payable attempt for the same bill, method and channel is handed back)',
        body: PaymentCreateSchema,
        response: { 201: PaymentAttemptSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.create(caller(request), request.body)),
  );

  r.get(
    '/api/app/payments/:paymentId',
    {
      config: { access: PUBLIC },
      schema: {
        tags,
        summary: 'A payment attempt; the provider is asked when its notification is late',
        params: z.object({ paymentId: z.uuid() }),
        response: { 200: PaymentAttemptSchema },
      },
    },
    async (request) =>
      service.attempt(request.tenantId, request.params.paymentId, isEnglish(request)),
  );

  r.get(
    '/api/app/orders/bill/:billId/payment-status',
    {
      config: { access: VIEW_ORDERS },
      schema: {
        tags: ['orders'],
        summary:
          "A bill's payment status from our records; a pending online payment whose notification is late is checked with the provider first",
        params: z.object({ billId: z.uuid() }),
        response: { 200: PaymentStatusSchema },
      },
    },
    async (request) => {
      const orders = new OrdersService(app.db, request, options.timeZone);
      await orders.paymentStatus(request.params.billId);
      await service.syncBill(request.params.billId);
      return orders.paymentStatus(request.params.billId);
    },
  );

  r.post(
    '/api/app/payments/refund',
    {
      config: { access: REFUND },
      schema: {
        tags,
        summary:
          'Send a refund bill back the way the money came (spread over the order’s online payments, never more than each has left); with check=true only ask the provider about what was sent, sending nothing new',
        querystring: z.object({
          billId: z.uuid(),
          check: z
            .enum(['true', 'false'])
            .optional()
            .transform((v) => v === 'true'),
        }),
        response: { 200: RefundOnlineResultSchema },
      },
    },
    async (request) => {
      // Scope first: staff refund only their own store's bills.
      await new OrdersService(app.db, request, options.timeZone).paymentStatus(
        request.query.billId,
      );
      const [who] = await app.db
        .select({ name: users.name, userName: users.userName })
        .from(users)
        .where(eq(users.id, request.user!.id));
      const actor: Actor = {
        userId: request.user!.id,
        operatorName: who?.name || who?.userName || request.user!.userName,
        english: isEnglish(request),
      };
      return request.query.check
        ? service.checkRefund(request.query.billId, actor)
        : service.refundOnline(request.query.billId, actor);
    },
  );

  await app.register(async (notifications) => {
    // Signatures cover the bytes as sent: keep the body as text for the provider to verify.
    notifications.removeContentTypeParser([
      'application/json',
      'application/x-www-form-urlencoded',
    ]);
    notifications.addContentTypeParser(
      ['application/json', 'application/x-www-form-urlencoded'],
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_request, body, done) => done(null, body),
    );
    notifications.post(
      '/api/payments/notify/:provider',
      {
        config: {
          access: PUBLIC,
          verificationToken: false,
          // The providers' servers call from a few addresses, with no browser cookie and no way
          // to solve a proof of work: counted per address, generously; past it they retry later.
          rateLimit: perAddressLimit('payment-notify', 1200),
        },
        schema: { hide: true, params: z.object({ provider: z.string().max(20) }) },
      },
      async (request, reply) => {
        const { provider } = request.params as { provider: string };
        const ack = await service.notify(provider, {
          headers: request.headers,
          rawBody: typeof request.body === 'string' ? request.body : '',
        });
        if (!ack) return reply.code(404).send({ code: 'NOT_FOUND', message: 'unknown provider' });
        return reply
          .code(ack.status)
          .type(ack.contentType)
          .send(ack.body || undefined);
      },
    );
  });

  if (options.providers.sandbox) {
    await app.register(sandboxCashierRoutes, {
      sandbox: options.providers.sandbox,
      service,
    });
  }
}
