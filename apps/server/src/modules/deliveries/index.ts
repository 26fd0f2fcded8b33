import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DeliveryAssignmentSchema,
  DeliveryDaySchema,
  DeliveryTakeSchema,
  DeliveryTaskQuerySchema,
  DeliveryTaskSchema,
  DriverSchema,
  OrderSchema,
  pagedResultSchema,
  Permissions as P,
} from '@snowgear/contracts';
import { DeliveriesService } from './service.js';

/** Drivers on their runs, and the store's order handlers who give the runs out. */
const RUNS = {
  permissions: [
    P.DeliveryManagement.DeliveryOrders,
    P.DeliveryManagement.PickupOrders,
    P.StoreManagement.Orders,
    P.BusinessOperations.OrderProcess,
    P.BusinessOperations.OrderUpdate,
  ],
} as const;
const ASSIGN = {
  permissions: [P.BusinessOperations.OrderProcess, P.BusinessOperations.OrderUpdate],
} as const;
const TAKE = {
  permissions: [P.DeliveryManagement.DeliveryOrders, P.DeliveryManagement.PickupOrders],
} as const;
const Id = z.object({ id: z.uuid() });
const tags = ['deliveries'];

/** The delivery and pickup runs of drivers (docs/deliveries.md). */
export async function deliveryRoutes(app: FastifyInstance, options: { timeZone: string }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = (request: FastifyRequest) =>
    new DeliveriesService(app.db, request, options.timeZone);

  r.get(
    '/api/app/deliveries/tasks',
    {
      config: { access: RUNS },
      schema: {
        tags,
        summary:
          'Delivery or pickup runs to do or done: a driver’s own and the open pool (staff: the store’s)',
        querystring: DeliveryTaskQuerySchema,
        response: { 200: pagedResultSchema(DeliveryTaskSchema) },
      },
    },
    async (request) => service(request).tasks(request.query),
  );

  r.get(
    '/api/app/deliveries/today',
    {
      config: { access: RUNS },
      schema: {
        tags,
        summary: 'Today’s runs to do and done, and the next one',
        response: { 200: DeliveryDaySchema },
      },
    },
    async (request) => service(request).day(),
  );

  r.get(
    '/api/app/deliveries/drivers',
    {
      config: { access: ASSIGN },
      schema: {
        tags,
        summary: 'The active drivers of a store (the caller’s; any for a super admin)',
        querystring: z.object({ storeId: z.uuid().optional() }),
        response: { 200: z.object({ items: z.array(DriverSchema) }) },
      },
    },
    async (request) => ({ items: await service(request).drivers(request.query.storeId) }),
  );

  r.put(
    '/api/app/orders/:id/driver',
    {
      config: { access: ASSIGN },
      schema: {
        tags,
        summary: 'Give the delivery or pickup run to a driver of the store, or back to the pool',
        params: Id,
        body: DeliveryAssignmentSchema,
        response: { 200: OrderSchema },
      },
    },
    async (request) => service(request).assign(request.params.id, request.body),
  );

  r.post(
    '/api/app/orders/:id/take',
    {
      config: { access: TAKE },
      schema: {
        tags,
        summary: 'A driver takes the run from the open pool (409 when another driver has it)',
        params: Id,
        body: DeliveryTakeSchema,
        response: { 200: OrderSchema },
      },
    },
    async (request) => service(request).take(request.params.id, request.body.kind),
  );
}
