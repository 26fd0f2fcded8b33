import { z } from 'zod';
import { DeliveryMethod, FeeItemKind, OrderStatus, OrderType, ReturnMethod } from './enums.js';
import { PagedRequestSchema } from './paging.js';

/**
 * Order DTOs. The spec leaves the order payloads open (§7 "not shown"); these are ours. Money is
 * yuan on the wire (two decimals), integer fen in the database; statuses are the spec's codes.
 */
export const ORDER_STATUSES = Object.values(OrderStatus) as OrderStatus[];
const OrderStatusSchema = z
  .number()
  .int()
  .refine((v): v is OrderStatus => (ORDER_STATUSES as number[]).includes(v), 'InvalidStatus');

export const BillKind = { Payment: 'payment', Supplement: 'supplement', Refund: 'refund' } as const;
export type BillKind = (typeof BillKind)[keyof typeof BillKind];
export const BillStatus = { Pending: 'pending', Paid: 'paid', Cancelled: 'cancelled' } as const;
export type BillStatus = (typeof BillStatus)[keyof typeof BillStatus];

const ORDER_TYPES = Object.values(OrderType) as [OrderType, ...OrderType[]];
const DELIVERY_METHODS = Object.values(DeliveryMethod) as [DeliveryMethod, ...DeliveryMethod[]];
const RETURN_METHODS = Object.values(ReturnMethod) as [ReturnMethod, ...ReturnMethod[]];
const FEE_KINDS = Object.values(FeeItemKind) as [FeeItemKind, ...FeeItemKind[]];

const money = z.coerce.number().min(0).max(1_000_000).multipleOf(0.01);
const phone = z
  .string()
  .trim()
  .regex(/^[0-9+\-\s]{5,20}$/, 'InvalidPhone');

export const ORDER_REMARKS_MAX = 500;
export const ORDER_ITEMS_MAX = 50;

/** One line of a new order: a specific item (its prices by default) or a category to bind later. */
export const OrderItemInputSchema = z
  .object({
    equipmentId: z.uuid().optional(),
    categoryId: z.uuid().optional(),
    /** Overrides the item's daily rent (yuan). */
    dailyPrice: money.optional(),
    /** Overrides the item's deposit (yuan). */
    deposit: money.optional(),
  })
  .refine((v) => v.equipmentId || v.categoryId, 'EquipmentOrCategoryRequired');
export type OrderItemInput = z.infer<typeof OrderItemInputSchema>;

/** Delivery needs a delivery address and pickup a pickup address (create and change alike). */
function addressesRequired(
  v: {
    deliveryMethod: string;
    deliveryAddress: string;
    returnMethod: string;
    returnAddress: string;
  },
  ctx: z.RefinementCtx,
) {
  if (v.deliveryMethod === DeliveryMethod.Delivery && !v.deliveryAddress) {
    ctx.addIssue({ code: 'custom', message: 'DeliveryAddressRequired', path: ['deliveryAddress'] });
  }
  if (v.returnMethod === ReturnMethod.Pickup && !v.returnAddress) {
    ctx.addIssue({ code: 'custom', message: 'ReturnAddressRequired', path: ['returnAddress'] });
  }
}

export const OrderCreateSchema = z
  .object({
    storeId: z.uuid(),
    orderType: z.enum(ORDER_TYPES).default(OrderType.Normal),
    customerId: z.uuid().optional(),
    customerName: z.string().trim().min(1, 'CustomerNameRequired').max(50),
    customerPhone: phone,
    rentalStartTime: z.iso.datetime({ offset: true }),
    rentalEndTime: z.iso.datetime({ offset: true }),
    deliveryMethod: z.enum(DELIVERY_METHODS).default(DeliveryMethod.SelfPickup),
    deliveryAddress: z.string().trim().max(200).default(''),
    returnMethod: z.enum(RETURN_METHODS).default(ReturnMethod.SelfReturn),
    returnAddress: z.string().trim().max(200).default(''),
    agentId: z.uuid().optional(),
    /** A discount on the whole order (yuan); the total never goes below zero. */
    discount: money.default(0),
    remarks: z.string().trim().max(ORDER_REMARKS_MAX).default(''),
    items: z.array(OrderItemInputSchema).min(1, 'ItemsRequired').max(ORDER_ITEMS_MAX),
  })
  .refine((v) => new Date(v.rentalEndTime) > new Date(v.rentalStartTime), {
    message: 'RentalEndBeforeStart',
    path: ['rentalEndTime'],
  })
  .superRefine(addressesRequired);
export type OrderCreate = z.input<typeof OrderCreateSchema>;

export const OrderItemSchema = z.object({
  id: z.string(),
  categoryId: z.string().nullable(),
  categoryName: z.string(),
  equipmentId: z.string().nullable(),
  equipmentName: z.string(),
  barcodeNumber: z.string().nullable(),
  dailyPrice: z.number(),
  deposit: z.number(),
  days: z.number().int(),
  rent: z.number(),
  /** null while out; 'returned' | 'damaged' | 'lost' once checked in. */
  returnState: z.enum(['returned', 'damaged', 'lost', 'earlyReturned']).nullable(),
});
export type OrderItem = z.infer<typeof OrderItemSchema>;

export const FeeItemSchema = z.object({
  id: z.string(),
  kind: z.enum(FEE_KINDS),
  amount: z.number(),
  description: z.string(),
});
export type FeeItem = z.infer<typeof FeeItemSchema>;

export const BillSchema = z.object({
  id: z.string(),
  kind: z.enum([BillKind.Payment, BillKind.Supplement, BillKind.Refund]),
  amount: z.number(),
  status: z.enum([BillStatus.Pending, BillStatus.Paid, BillStatus.Cancelled]),
  method: z.string().nullable(),
  confirmedByName: z.string().nullable(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Bill = z.infer<typeof BillSchema>;

export const OrderEventSchema = z.object({
  id: z.string(),
  kind: z.string(),
  fromStatus: z.number().int().nullable(),
  toStatus: z.number().int().nullable(),
  message: z.string(),
  operatorName: z.string(),
  createdAt: z.string(),
});
export type OrderEvent = z.infer<typeof OrderEventSchema>;

export const OrderSummarySchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  storeId: z.string(),
  storeName: z.string(),
  orderType: z.enum(ORDER_TYPES),
  status: z.number().int(),
  customerName: z.string(),
  customerPhone: z.string(),
  rentalStartTime: z.string(),
  rentalEndTime: z.string(),
  deliveryMethod: z.enum(DELIVERY_METHODS),
  returnMethod: z.enum(RETURN_METHODS),
  totalAmount: z.number(),
  paidAmount: z.number(),
  itemCount: z.number().int(),
  /** In use or delivered past the rental end (derived, not a status). */
  isOverdue: z.boolean(),
  createdAt: z.string(),
});
export type OrderSummary = z.infer<typeof OrderSummarySchema>;

export const OrderSchema = OrderSummarySchema.extend({
  customerId: z.string().nullable(),
  deliveryAddress: z.string(),
  returnAddress: z.string(),
  agentId: z.string().nullable(),
  remarks: z.string(),
  days: z.number().int(),
  items: z.array(OrderItemSchema),
  feeItems: z.array(FeeItemSchema),
  bills: z.array(BillSchema),
  timeline: z.array(OrderEventSchema),
});
export type Order = z.infer<typeof OrderSchema>;

export const OrderListQuerySchema = PagedRequestSchema.extend({
  storeId: z.uuid().optional(),
  /** One status code, or several separated by commas. */
  status: z
    .string()
    .regex(/^\d+(,\d+)*$/)
    .transform((v) => v.split(',').map(Number))
    .pipe(z.array(OrderStatusSchema))
    .optional(),
  /** Order number, customer name or phone. */
  keyword: z.string().trim().max(50).optional(),
  /** Rentals starting on or after / before these days (YYYY-MM-DD, business time zone). */
  startFrom: z.iso.date().optional(),
  startTo: z.iso.date().optional(),
  overdue: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  /** true: orders with at least one line still without equipment (gear to prepare). */
  unbound: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
export type OrderListQuery = z.input<typeof OrderListQuerySchema>;

export const OrderCancelSchema = z.object({ reason: z.string().trim().min(1).max(200) });

/** Handover at the counter: the barcodes of every item going out, as scanned. */
export const OrderHandoverSchema = z.object({
  barcodes: z.array(z.string().trim().min(1).max(64)).min(1).max(ORDER_ITEMS_MAX),
});

/** Extension: the new end of the rental (the locks move, an ExtensionFee is charged). */
export const OrderExtendSchema = z.object({ rentalEndTime: z.iso.datetime({ offset: true }) });

export const ReturnState = { Returned: 'returned', Damaged: 'damaged', Lost: 'lost' } as const;
export type ReturnState = (typeof ReturnState)[keyof typeof ReturnState];

/** Return check-in, item by item: back in stock, damaged or lost, with an optional damage fee. */
export const OrderReturnSchema = z.object({
  items: z
    .array(
      z.object({
        orderItemId: z.uuid(),
        state: z.enum([ReturnState.Returned, ReturnState.Damaged, ReturnState.Lost]),
        damageFee: money.default(0),
        remarks: z.string().trim().max(200).default(''),
      }),
    )
    .min(1)
    .max(ORDER_ITEMS_MAX),
});
export type OrderReturn = z.input<typeof OrderReturnSchema>;

export const PaymentStatusSchema = z.object({
  billId: z.string(),
  orderId: z.string(),
  status: z.enum([BillStatus.Pending, BillStatus.Paid, BillStatus.Cancelled]),
  amount: z.number(),
  method: z.string().nullable(),
  paidAt: z.string().nullable(),
  orderStatus: z.number().int(),
});
export type PaymentStatus = z.infer<typeof PaymentStatusSchema>;

const address = z.string().trim().max(200).default('');

/** Details that may change until the rental starts (Pending, Unpaid, Reserved, PendingDelivery). */
export const OrderUpdateSchema = z.object({
  customerName: z.string().trim().min(1, 'CustomerNameRequired').max(50),
  customerPhone: phone,
  deliveryAddress: address,
  returnAddress: address,
  remarks: z.string().trim().max(ORDER_REMARKS_MAX).default(''),
});
export type OrderUpdate = z.input<typeof OrderUpdateSchema>;

/** How the gear reaches the customer and comes back; the delivery and pickup fees follow. */
export const OrderDeliveryMethodSchema = z
  .object({
    deliveryMethod: z.enum(DELIVERY_METHODS),
    deliveryAddress: address,
    returnMethod: z.enum(RETURN_METHODS),
    returnAddress: address,
  })
  .superRefine(addressesRequired);
export type OrderDeliveryMethod = z.input<typeof OrderDeliveryMethodSchema>;

/** The agent credited with the order (a user holding the Agent role), or null for none. */
export const OrderAgentSchema = z.object({ agentId: z.uuid().nullable() });
export type OrderAgent = z.infer<typeof OrderAgentSchema>;
