import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DeliveryConfirmSchema,
  DinConfirmSchema,
  PickupReportSchema,
  OrderAgentSchema,
  OrderCancelSchema,
  CounterQuoteRequestSchema,
  CounterQuoteSchema,
  OrderCreateSchema,
  OrderDeliveryMethodSchema,
  OrderExtendSchema,
  OrderHandoverSchema,
  OrderReturnSchema,
  OrderListQuerySchema,
  OrderQrQuerySchema,
  OrderQrSchema,
  OrderSchema,
  OrderSummarySchema,
  OrderUpdateSchema,
  OrderWaiveLateFeeSchema,
  PaymentStatusSchema,
  ReceiptSchema,
  pagedResultSchema,
  multiLineText,
  OrderStatus,
  Permissions as P,
  RoleName,
  CustomerHistoryQuerySchema,
  CustomerHistorySchema,
  RiderListSchema,
} from '@snowgear/contracts';
import { PUBLIC, REFUND } from '@/lib/access.js';
import type { PaymentsService } from '@/modules/payments/service.js';
import { adjustmentRoutes } from './adjustment-routes.js';
import { counterScanRoutes } from './counter-scan-routes.js';
import { OrderBinding } from './binding.js';
import { counterOrderExtras, customerRiders } from './counter-order.js';
import { customerHistory } from './customer-history.js';
import { OrderDin } from './din.js';
import { OrderLifecycle } from './lifecycle.js';
import { OrderPayAtDoor } from './pay-at-door.js';
import { OrderQrService } from './qr.js';
import { OrderReceiptService } from './receipt.js';
import { OrdersService } from './service.js';
import { OrderQuotes } from './quotes.js';
import { OrderUpdates } from './updates.js';

/** Staff who work with orders, drivers, and customers for their own (the service scopes each). */
const VIEW = {
  permissions: [
    P.StoreManagement.Orders,
    P.BusinessOperations.OrderCreate,
    P.BusinessOperations.OrderUpdate,
    P.BusinessOperations.OrderProcess,
    P.DeliveryManagement.DeliveryOrders,
    P.DeliveryManagement.PickupOrders,
    P.CustomerOperations.ViewOrders,
  ],
} as const;
const CREATE = { permissions: [P.BusinessOperations.OrderCreate] } as const;
/** A customer's past with the store is for the staff who book and run orders, not for others. */
const CUSTOMER_HISTORY = {
  permissions: [P.BusinessOperations.OrderCreate, P.StoreManagement.Orders],
} as const;
const PROCESS = {
  permissions: [P.BusinessOperations.OrderProcess, P.BusinessOperations.OrderUpdate],
} as const;
/** Counter staff, and drivers on their delivery and pickup runs (the service tells them apart). */
const CASH = { permissions: [P.BusinessOperations.PaymentProcess] } as const;
/** Delivery steps: the store's order handlers, and drivers on their delivery and pickup runs. */
const DELIVER = {
  permissions: [...PROCESS.permissions, P.DeliveryManagement.DeliveryOrders],
} as const;
/** Cash on delivery is chosen by the order's customer, or by the store's order handlers. */
const PAY_AT_DOOR = {
  permissions: [...PROCESS.permissions, P.CustomerOperations.Payment],
} as const;
const PICKUP = {
  permissions: [...PROCESS.permissions, P.DeliveryManagement.PickupOrders],
} as const;
/** The binding's release value is set at the bench by the store's order handlers. */
const DIN = {
  permissions: [P.StoreManagement.Orders, P.BusinessOperations.OrderProcess],
} as const;
/** Waiving a late fee is a manager's decision, never a clerk's (issue: money with an approver). */
const WAIVE = {
  roles: [RoleName.StoreManager, RoleName.SuperAdmin],
  refusal: 'LateFeeWaiverManagersOnly',
} as const;
const Remarks = z.object({ remarks: multiLineText({ max: 200 }).default('') });
const Id = z.object({ id: z.uuid() });
const tags = ['orders'];

/** The order calls of spec §7 plus the list and lifecycle actions the pages need. */
export async function orderRoutes(
  app: FastifyInstance,
  options: { timeZone: string; payments: PaymentsService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = (request: FastifyRequest) => new OrdersService(app.db, request, options.timeZone);
  const lifecycle = (request: FastifyRequest) =>
    new OrderLifecycle(app.db, request, options.timeZone);
  const updates = (request: FastifyRequest) => new OrderUpdates(app.db, request, options.timeZone);
  await adjustmentRoutes(app, options);
  await counterScanRoutes(app, options);

  r.post(
    '/api/app/orders',
    {
      config: { access: CREATE },
      schema: {
        tags,
        summary:
          'Create an order; specific items are locked for the rental window (409 with the conflicting window when taken)',
        body: OrderCreateSchema,
        response: { 201: OrderSchema },
      },
    },
    async (request, reply) => {
      const orders = service(request);
      // Another store's staff are refused before anything of that store's rules is read.
      orders.assertOwnStore(request.body.storeId);
      const extras = await counterOrderExtras(app.db, request, request.body);
      return reply.code(201).send(await orders.create(request.body, extras));
    },
  );

  r.post(
    '/api/app/orders/quote',
    {
      config: { access: CREATE },
      schema: {
        tags,
        summary:
          "The rent of an order being taken at the counter, priced as creating it will (the store's rate cards, seasons and junior riders); each line's rent and how it came about",
        body: CounterQuoteRequestSchema,
        response: { 200: CounterQuoteSchema },
      },
    },
    async (request) => new OrderQuotes(app.db, request, options.timeZone).counter(request.body),
  );

  r.get(
    '/api/app/orders/customer-riders',
    {
      config: { access: CUSTOMER_HISTORY },
      schema: {
        tags,
        summary:
          'At order create: the saved riders (skier profiles) of the customer with this verified phone number, to pick an order’s people from (none for an unknown number)',
        querystring: CustomerHistoryQuerySchema,
        response: { 200: RiderListSchema },
      },
    },
    async (request) => customerRiders(app.db, request, request.query.phone, options.timeZone),
  );

  r.get(
    '/api/app/orders',
    {
      config: { access: VIEW },
      schema: {
        tags,
        summary: 'Orders of the caller’s store (all stores for a super admin), newest first',
        querystring: OrderListQuerySchema,
        response: { 200: pagedResultSchema(OrderSummarySchema) },
      },
    },
    async (request) => service(request).list(request.query),
  );

  r.get(
    '/api/app/orders/customer-history',
    {
      config: { access: CUSTOMER_HISTORY },
      schema: {
        tags,
        summary:
          'At order create: how often a phone number rented, money still open, gear brought back damaged or lost, latest orders (the caller’s store; every store for a super admin)',
        querystring: CustomerHistoryQuerySchema,
        response: { 200: CustomerHistorySchema },
      },
    },
    async (request) => customerHistory(app.db, request, request.query.phone),
  );

  r.get(
    '/api/app/orders/by-number/:orderNumber',
    {
      config: { access: VIEW },
      schema: {
        tags,
        params: z.object({ orderNumber: z.string().regex(/^\d{12}$/) }),
        response: { 200: OrderSchema },
      },
    },
    async (request) => service(request).byNumber(request.params.orderNumber),
  );

  r.get(
    '/api/app/orders/qr/:orderNumber',
    {
      config: { access: PUBLIC },
      schema: {
        tags,
        summary:
          "The order QR page (store, dates, gear by kind; nothing personal) for the order's customer, its store's staff or the holder of its share key `k`; anyone else gets 404",
        params: z.object({ orderNumber: z.string().regex(/^\d{12}$/) }),
        querystring: OrderQrQuerySchema,
        response: { 200: OrderQrSchema },
      },
    },
    async (request) =>
      new OrderQrService(app.db, request, options.timeZone).page(
        request.params.orderNumber,
        request.query.k,
      ),
  );

  r.get(
    '/api/app/orders/qr/:orderNumber/receipt',
    {
      config: { access: PUBLIC },
      schema: {
        tags,
        summary:
          "An order's receipt (settled bills with their receipt numbers, lines, fees, deposit held and returned) as its QR page is given: to its customer, its store's staff or the holder of its share key `k` (staff by role, nothing personal); anyone else gets 404, as does an order with nothing settled",
        params: z.object({ orderNumber: z.string().regex(/^\d{12}$/) }),
        querystring: OrderQrQuerySchema,
        response: { 200: ReceiptSchema },
      },
    },
    async (request) =>
      new OrderReceiptService(app.db, request, options.timeZone).byShareKey(
        request.params.orderNumber,
        request.query.k,
      ),
  );

  r.post(
    '/api/app/orders/confirm-cash-received',
    {
      config: { access: CASH },
      schema: {
        tags,
        summary:
          'Confirm cash in hand for a bill (confirming twice records one payment); a driver only on a delivery or pickup order',
        querystring: z.object({ billId: z.uuid() }),
        response: { 200: PaymentStatusSchema },
      },
    },
    async (request) => service(request).confirmCash(request.query.billId),
  );

  r.get(
    '/api/app/orders/:id',
    {
      config: { access: VIEW },
      schema: { tags, params: Id, response: { 200: OrderSchema } },
    },
    async (request) => service(request).get(request.params.id),
  );

  r.get(
    '/api/app/orders/:id/receipt',
    {
      config: { access: VIEW },
      schema: {
        tags,
        summary:
          "An order's receipt, to print or share: its store's staff (403 for another store's) and its customer (404 for another's order); 404 while nothing is settled",
        params: Id,
        response: { 200: ReceiptSchema },
      },
    },
    async (request) =>
      new OrderReceiptService(app.db, request, options.timeZone).ofOrder(request.params.id),
  );

  r.post(
    '/api/app/orders/:id/cancel',
    {
      config: { access: PROCESS },
      schema: {
        tags,
        summary:
          'Cancel an order that has not started: locks released, unpaid bills cancelled, a refund owed for what was paid',
        params: Id,
        body: OrderCancelSchema,
        response: { 200: OrderSchema },
      },
    },
    async (request) => service(request).cancel(request.params.id, request.body.reason),
  );

  r.post(
    '/api/app/orders/:id/confirm',
    {
      config: { access: PROCESS },
      schema: {
        tags,
        summary:
          'Confirm an order that waits for the store (Pending, an agent’s): Unpaid with its bill, the time to pay from now; decline it with cancel',
        params: Id,
        body: Remarks,
        response: { 200: OrderSchema },
      },
    },
    async (request) => lifecycle(request).confirm(request.params.id, request.body.remarks),
  );

  r.put(
    '/api/app/orders/:id',
    {
      config: { access: PROCESS },
      schema: {
        tags,
        summary:
          'Change the customer, addresses and remarks of an order that has not started (Pending, Unpaid, Reserved, PendingDelivery)',
        params: Id,
        body: OrderUpdateSchema,
        response: { 200: OrderSchema },
      },
    },
    async (request) => updates(request).updateDetails(request.params.id, request.body),
  );

  r.put(
    '/api/app/orders/:id/delivery-method',
    {
      config: { access: PROCESS },
      schema: {
        tags,
        summary:
          'Change delivery and return before the rental starts: fees priced again, the bills follow (open payment, or a supplement / refund once paid)',
        params: Id,
        body: OrderDeliveryMethodSchema,
        response: { 200: OrderSchema },
      },
    },
    async (request) => updates(request).changeDelivery(request.params.id, request.body),
  );

  r.put(
    '/api/app/orders/:id/agent',
    {
      config: { access: PROCESS },
      schema: {
        tags,
        summary:
          'Credit the order to an agent (a user holding the Agent role; 400 otherwise), or to none',
        params: Id,
        body: OrderAgentSchema,
        response: { 200: OrderSchema },
      },
    },
    async (request) => updates(request).assignAgent(request.params.id, request.body.agentId),
  );

  r.post(
    '/api/app/orders/confirm-cash-refunded',
    {
      config: { access: REFUND },
      schema: {
        tags,
        summary: 'Confirm cash given back for a refund bill (confirming twice records one refund)',
        querystring: z.object({ billId: z.uuid() }),
        response: { 200: PaymentStatusSchema },
      },
    },
    async (request) => service(request).confirmRefund(request.query.billId),
  );

  r.post(
    '/api/app/orders/:id/handover',
    {
      config: { access: PROCESS },
      schema: {
        tags,
        summary:
          'Hand the gear over at the counter: every line’s item scanned; items go in use and the order InUse',
        params: Id,
        body: OrderHandoverSchema,
        response: { 200: OrderSchema },
      },
    },
    async (request) => lifecycle(request).handover(request.params.id, request.body.barcodes),
  );

  r.post(
    '/api/app/orders/:id/dispatch',
    {
      config: { access: DELIVER },
      schema: {
        tags,
        summary:
          'A delivery leaves the store: every line’s item scanned; items go in use and the order Delivering',
        params: Id,
        body: OrderHandoverSchema,
        response: { 200: OrderSchema },
      },
    },
    async (request) => lifecycle(request).dispatch(request.params.id, request.body.barcodes),
  );

  r.post(
    '/api/app/orders/:id/pay-at-door',
    {
      config: { access: PAY_AT_DOOR },
      schema: {
        tags,
        summary:
          'Cash on delivery: an unpaid delivery order of a store that takes it waits for delivery with its payment open, collected by the driver at the door (409 where the store does not take it)',
        params: Id,
        response: { 200: OrderSchema },
      },
    },
    async (request) =>
      new OrderPayAtDoor(app.db, request, options.timeZone).choose(request.params.id),
  );

  r.post(
    '/api/app/orders/:id/delivered',
    {
      config: { access: DELIVER },
      schema: {
        tags,
        summary:
          'The gear reached the customer: Delivered, and InUse at once when the rental has started',
        params: Id,
        body: DeliveryConfirmSchema,
        response: { 200: OrderSchema },
      },
    },
    async (request) => lifecycle(request).confirmDelivery(request.params.id, request.body),
  );

  r.post(
    '/api/app/orders/:id/pickup',
    {
      config: { access: PICKUP },
      schema: {
        tags,
        summary:
          'The driver collected the gear at the door: each item fine, damaged (photo) or lost; PendingReturn until checked in',
        params: Id,
        body: PickupReportSchema,
        response: { 200: OrderSchema },
      },
    },
    async (request) => lifecycle(request).pickUp(request.params.id, request.body),
  );

  r.post(
    '/api/app/orders/:id/start-return',
    {
      config: { access: PICKUP },
      schema: {
        tags,
        summary:
          'The gear is on its way back (pickup booked or self-return started): PendingReturn until checked in',
        params: Id,
        body: Remarks,
        response: { 200: OrderSchema },
      },
    },
    async (request) => lifecycle(request).startReturn(request.params.id, request.body.remarks),
  );

  r.post(
    '/api/app/orders/:id/extend',
    {
      config: { access: PROCESS },
      schema: {
        tags,
        summary:
          'Move the rental end later: locks move (409 when taken), extra days charged as an ExtensionFee',
        params: Id,
        body: OrderExtendSchema,
        response: { 200: OrderSchema },
      },
    },
    async (request) => lifecycle(request).extend(request.params.id, request.body.rentalEndTime),
  );

  r.post(
    '/api/app/orders/:id/return',
    {
      config: { access: PROCESS },
      schema: {
        tags,
        summary:
          'Check items back in (fine, damaged or lost, with damage fees); the last one settles the order',
        params: Id,
        body: OrderReturnSchema,
        response: { 200: OrderSchema },
      },
    },
    async (request) => {
      const order = await lifecycle(request).returnItems(request.params.id, request.body.items);
      // A self-return settles with no one at the counter: what is left of the deposit goes
      // back the way it was paid as soon as the last item is checked in.
      const owed = order.bills.some((b) => b.kind === 'refund' && b.status === 'pending');
      if (!order.selfReturnAt || order.status !== OrderStatus.Returned || !owed) return order;
      await options.payments.refundOwed(order.id, await lifecycle(request).timelineActor());
      return service(request).get(order.id);
    },
  );

  r.post(
    '/api/app/orders/:id/waive-late-fee',
    {
      config: { access: WAIVE },
      schema: {
        tags,
        summary:
          'A store manager waives the order’s late fee with a reason, before or at the return check-in (409 when there is none, or it was waived)',
        params: Id,
        body: OrderWaiveLateFeeSchema,
        response: { 200: OrderSchema },
      },
    },
    async (request) => lifecycle(request).waiveLateFee(request.params.id, request.body.reason),
  );

  r.post(
    '/api/app/orders/:id/bind',
    {
      config: { access: PROCESS },
      schema: {
        tags,
        summary:
          'Preparation: bind picked gear to the order’s category lines and lock it for the window, before the handover',
        params: Id,
        body: OrderHandoverSchema,
        response: { 200: OrderSchema },
      },
    },
    async (request) =>
      new OrderBinding(app.db, request, options.timeZone).bind(
        request.params.id,
        request.body.barcodes,
      ),
  );

  r.post(
    '/api/app/orders/:id/items/:itemId/din',
    {
      config: { access: DIN },
      schema: {
        tags,
        summary:
          'Preparation: the binding release value (DIN) the technician set on a line’s skis (the line shows the chart’s suggestion); who and when are kept, and the timeline says it',
        params: z.object({ id: z.uuid(), itemId: z.uuid() }),
        body: DinConfirmSchema,
        response: { 200: OrderSchema },
      },
    },
    async (request) =>
      new OrderDin(app.db, request, options.timeZone).confirm(
        request.params.id,
        request.params.itemId,
        request.body.setting,
      ),
  );
}
