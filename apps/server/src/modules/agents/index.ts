import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AgentCustomerSchema,
  AgentOrderCreateSchema,
  AgentOrderDetailSchema,
  AgentOrderWithdrawSchema,
  OrderSchema,
  AgentListQuerySchema,
  AgentOrderSchema,
  AgentPerformanceQuerySchema,
  AgentPerformanceSchema,
  AgentReferralSchema,
  pagedResultSchema,
  Permissions as P,
} from '@snowgear/contracts';
import { BookingService } from '@/modules/booking/service.js';
import { AgentsService } from './service.js';

/** Any agent (AgentBusiness): the referral link and the orders carrying the agent. */
const AGENT = { permissions: Object.values(P.AgentBusiness) } as const;
const ORDER_CREATE = { permissions: [P.AgentBusiness.OrderCreate] } as const;
const CUSTOMERS = { permissions: [P.AgentBusiness.CustomerManage] } as const;
const PERFORMANCE = { permissions: [P.AgentBusiness.Performance] } as const;
const tags = ['agents'];

/** The agent's own business (docs/agents.md); each call answers for the signed-in agent only. */
export async function agentRoutes(app: FastifyInstance, options: { timeZone: string }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = (request: FastifyRequest) => new AgentsService(app.db, request, options.timeZone);

  r.get(
    '/api/app/agent/referral',
    {
      config: { access: AGENT },
      schema: {
        tags,
        summary: 'The agent’s referral code and link (made the first time it is asked for)',
        response: { 200: AgentReferralSchema },
      },
    },
    async (request) => service(request).referral(),
  );

  r.get(
    '/api/app/agent/orders',
    {
      config: { access: AGENT },
      schema: {
        tags,
        summary: 'Orders that carry the agent, latest first',
        querystring: AgentListQuerySchema,
        response: { 200: pagedResultSchema(AgentOrderSchema) },
      },
    },
    async (request) => service(request).orders(request.query),
  );

  r.get(
    '/api/app/agent/orders/:id',
    {
      config: { access: AGENT },
      schema: {
        tags,
        summary: 'One of the agent’s orders, with what it is for',
        params: z.object({ id: z.uuid() }),
        response: { 200: AgentOrderDetailSchema },
      },
    },
    async (request) => service(request).order(request.params.id),
  );

  r.post(
    '/api/app/agent/orders',
    {
      config: { access: ORDER_CREATE },
      schema: {
        tags,
        summary:
          'Book for a customer: the agent’s order holds every line like a booking and waits Pending for the store to confirm (409 with what is free when a line cannot be held)',
        body: AgentOrderCreateSchema,
        response: { 201: OrderSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await new BookingService(app.db, request, options.timeZone).bookForCustomer(request.body),
        ),
  );

  r.post(
    '/api/app/agent/orders/:id/withdraw',
    {
      config: { access: ORDER_CREATE },
      schema: {
        tags,
        summary:
          'Take back one’s own order the store has not confirmed yet (Pending): cancelled, its gear free again',
        params: z.object({ id: z.uuid() }),
        body: AgentOrderWithdrawSchema,
        response: { 200: AgentOrderSchema },
      },
    },
    async (request) => service(request).withdraw(request.params.id, request.body.reason),
  );

  r.get(
    '/api/app/agent/customers',
    {
      config: { access: CUSTOMERS },
      schema: {
        tags,
        summary: 'Customers of the agent’s orders, by phone, latest first',
        querystring: AgentListQuerySchema,
        response: { 200: pagedResultSchema(AgentCustomerSchema) },
      },
    },
    async (request) => service(request).customers(request.query),
  );

  r.get(
    '/api/app/agent/performance',
    {
      config: { access: PERFORMANCE },
      schema: {
        tags,
        summary: 'Orders, revenue and commission for today, the last 7 days or the season',
        querystring: AgentPerformanceQuerySchema,
        response: { 200: AgentPerformanceSchema },
      },
    },
    async (request) => service(request).performance(request.query.period),
  );
}
