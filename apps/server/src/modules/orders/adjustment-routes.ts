import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  GoodwillRefundSchema,
  MoneyApprovalDecisionSchema,
  MoneyApprovalListQuerySchema,
  MoneyApprovalRequestSchema,
  MoneyApprovalSchema,
  OrderFeeAddSchema,
  OrderSchema,
  Permissions as P,
  RoleName,
} from '@snowgear/contracts';
import { OrderAdjustments } from './adjustments.js';
import { OrderApprovalSubjects } from './approval-subjects.js';
import { MoneyApprovals } from './approvals.js';

/** Order handlers at the counter add fees and give goodwill refunds (their store's orders). */
const ADJUST = {
  permissions: [P.BusinessOperations.OrderProcess, P.BusinessOperations.OrderUpdate],
} as const;
/** Whoever books or handles orders may ask a manager to approve, and follow the answer. */
const ASK = {
  permissions: [
    P.BusinessOperations.OrderCreate,
    P.BusinessOperations.OrderProcess,
    P.BusinessOperations.OrderUpdate,
  ],
} as const;
/** Store managers answer for their store; the super admin for any. */
const DECIDE = { roles: [RoleName.StoreManager, RoleName.SuperAdmin] } as const;
const Id = z.object({ id: z.uuid() });
const tags = ['orders'];

/** Money changed by hand on orders, and managers' approvals of it (adjustments.ts, approvals.ts). */
export async function adjustmentRoutes(app: FastifyInstance, options: { timeZone: string }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const adjustments = (request: FastifyRequest) =>
    new OrderAdjustments(app.db, request, options.timeZone);
  const approvals = (request: FastifyRequest) => new MoneyApprovals(app.db, request);

  r.post(
    '/api/app/orders/:id/fees',
    {
      config: { access: ADJUST },
      schema: {
        tags,
        summary:
          'Add a fee by hand (cleaning, damage, other) with a reason: billed at once, or folded into the balance after the return; beyond the clerk’s limit (percent of the rent) with a manager’s approval',
        params: Id,
        body: OrderFeeAddSchema,
        response: { 200: OrderSchema },
      },
    },
    async (request) => adjustments(request).addFee(request.params.id, request.body),
  );

  r.post(
    '/api/app/orders/:id/goodwill-refund',
    {
      config: { access: ADJUST },
      schema: {
        tags,
        summary:
          'Give rent back out of goodwill with a reason: a refund bill (or less to pay on the balance), never more than the rent paid; beyond the clerk’s limit with a manager’s approval',
        params: Id,
        body: GoodwillRefundSchema,
        response: { 200: OrderSchema },
      },
    },
    async (request) => adjustments(request).goodwillRefund(request.params.id, request.body),
  );

  r.post(
    '/api/app/money-approvals',
    {
      config: { access: ASK },
      schema: {
        tags,
        summary:
          'Ask the store’s managers to approve a discount, fee or refund beyond the clerk’s limit on their own phone: for an order (its rent) or, for a discount, the lines of an order being created (priced by the server); the approval allows exactly that amount on exactly that rent',
        body: MoneyApprovalRequestSchema,
        response: { 201: MoneyApprovalSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await approvals(request).ask(
            request.body,
            new OrderApprovalSubjects(app.db, request, options.timeZone),
          ),
        ),
  );

  r.get(
    '/api/app/money-approvals',
    {
      config: { access: DECIDE },
      schema: {
        tags,
        summary: 'Requests waiting for a manager’s answer at the caller’s store, newest first',
        querystring: MoneyApprovalListQuerySchema,
        response: { 200: z.array(MoneyApprovalSchema) },
      },
    },
    async (request) => approvals(request).pending(request.query.storeId),
  );

  r.get(
    '/api/app/money-approvals/:id',
    {
      config: { access: ASK },
      schema: {
        tags,
        summary: 'One request as it stands (the asker waits on it)',
        params: Id,
        response: { 200: MoneyApprovalSchema },
      },
    },
    async (request) => approvals(request).get(request.params.id),
  );

  r.post(
    '/api/app/money-approvals/:id/withdraw',
    {
      config: { access: ASK },
      schema: {
        tags,
        summary: 'The asker stops waiting: a request not yet answered goes away',
        params: Id,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await approvals(request).withdraw(request.params.id);
      return reply.code(204).send(null);
    },
  );

  r.post(
    '/api/app/money-approvals/:id/decide',
    {
      config: { access: DECIDE },
      schema: {
        tags,
        summary:
          'A manager of the store approves (allowing one change within 30 minutes) or refuses with a reason',
        params: Id,
        body: MoneyApprovalDecisionSchema,
        response: { 200: MoneyApprovalSchema },
      },
    },
    async (request) => approvals(request).decide(request.params.id, request.body),
  );
}
