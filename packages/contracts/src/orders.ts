import { z } from 'zod';
import { bookingRangeProblem, DateIssue } from './dates.js';
import { bookingTime, queryDay } from './date-schemas.js';
import { DeliveryMethod, FeeItemKind, type OrderStatus, OrderType, ReturnMethod } from './enums.js';
import { moneyInput } from './number-schemas.js';
import { ManagerApprovalSchema, MONEY_REASON_MAX } from './money-approvals.js';
import {
  BillKind,
  BillStatus,
  CUSTOMER_EXTEND_DAYS_MAX,
  ORDER_ITEMS_MAX,
  ORDER_REMARKS_MAX,
  ORDER_STATUSES,
  ReturnState,
} from './order-values.js';
import { OrderItemInputSchema } from './order-item-input.js';
import { PagedRequestSchema } from './paging.js';
import { CounterRiderSchema, OrderRiderSchema } from './rider-schemas.js';
import { ContactPhoneSchema } from './phone.js';
import { multiLineText, singleLineText } from './text-schemas.js';
import { PERSON_NAME_MAX } from './riders.js';
import { ValidationCode } from './validation-codes.js';

/**
 * Order DTOs. The spec leaves the order payloads open (§7 "not shown"); these are ours. Money is
 * yuan on the wire (two decimals), integer fen in the database; statuses are the spec's codes.
 */
const OrderStatusSchema = z
  .number()
  .int()
  .refine(
    (v): v is OrderStatus => (ORDER_STATUSES as number[]).includes(v),
    ValidationCode.InvalidStatus,
  );

const ORDER_TYPES = Object.values(OrderType) as [OrderType, ...OrderType[]];
const DELIVERY_METHODS = Object.values(DeliveryMethod) as [DeliveryMethod, ...DeliveryMethod[]];
const RETURN_METHODS = Object.values(ReturnMethod) as [ReturnMethod, ...ReturnMethod[]];
const FEE_KINDS = Object.values(FeeItemKind) as [FeeItemKind, ...FeeItemKind[]];

/** Mainland numbers as typed, a visitor's own in E.164 (see phone.ts). */
const phone = ContactPhoneSchema;
const customerName = singleLineText({
  max: PERSON_NAME_MAX,
  required: ValidationCode.CustomerNameRequired,
});
/** An order's customer as staff or an agent type them: a name and a number to reach them on. */
export const OrderCustomerNameSchema = customerName;
export const OrderCustomerPhoneSchema = phone;
const address = singleLineText({ max: 200 }).default('');

const remarks = multiLineText({ max: ORDER_REMARKS_MAX }).default('');

export { OrderItemInputSchema, type OrderItemInput } from './order-item-input.js';

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
    ctx.addIssue({
      code: 'custom',
      message: ValidationCode.DeliveryAddressRequired,
      path: ['deliveryAddress'],
    });
  }
  if (v.returnMethod === ReturnMethod.Pickup && !v.returnAddress) {
    ctx.addIssue({
      code: 'custom',
      message: ValidationCode.ReturnAddressRequired,
      path: ['returnAddress'],
    });
  }
}

/** The agreement a customer signed at the counter. */
export const CounterAgreementSchema = z.object({
  version: z.string().min(1).max(64),
  signatureFileId: z.uuid(),
});
export type CounterAgreement = z.infer<typeof CounterAgreementSchema>;

/** A rental's end after its start, within the longest rental. */
function rentalRange(v: { rentalStartTime: string; rentalEndTime: string }, ctx: z.RefinementCtx) {
  const problem = bookingRangeProblem(v.rentalStartTime, v.rentalEndTime);
  if (problem) {
    ctx.addIssue({
      code: 'custom',
      message: problem === DateIssue.EndBeforeStart ? ValidationCode.RentalEndBeforeStart : problem,
      path: ['rentalEndTime'],
    });
  }
}

export const OrderCreateSchema = z
  .object({
    storeId: z.uuid(),
    orderType: z.enum(ORDER_TYPES).default(OrderType.Normal),
    customerId: z.uuid().optional(),
    customerName,
    customerPhone: phone,
    rentalStartTime: bookingTime(),
    rentalEndTime: bookingTime(),
    deliveryMethod: z.enum(DELIVERY_METHODS).default(DeliveryMethod.SelfPickup),
    deliveryAddress: address,
    returnMethod: z.enum(RETURN_METHODS).default(ReturnMethod.SelfReturn),
    returnAddress: address,
    agentId: z.uuid().optional(),
    /**
     * A discount on the rent (yuan), never on deposits or delivery fees: more than the rent is
     * refused. Beyond the clerk's limit (MaxStaffDiscountPercent of the rent) it needs a
     * manager's approval: `approval` (a manager signs in here) or `approvalId` (approved on
     * their phone).
     */
    discount: moneyInput().default(0),
    discountReason: singleLineText({ max: MONEY_REASON_MAX }).optional(),
    approval: ManagerApprovalSchema.optional(),
    approvalId: z.uuid().optional(),
    remarks,
    items: z
      .array(OrderItemInputSchema)
      .min(1, ValidationCode.ItemsRequired)
      .max(ORDER_ITEMS_MAX, ValidationCode.TooManyItems),
    /** A counter order's people (a group's members): lines point at them by `riderKey`. */
    riders: z
      .array(CounterRiderSchema)
      .max(ORDER_ITEMS_MAX, ValidationCode.TooManyRiders)
      .optional(),
    /**
     * A counter order: the rental agreement the customer read on the clerk's phone (its version)
     * and their finger signature under it (an uploaded `AgreementSignature` file).
     */
    agreement: CounterAgreementSchema.optional(),
  })
  .superRefine((v, ctx) => {
    const riders = v.riders ?? [];
    const keys = new Set(riders.map((r) => r.key));
    if (keys.size !== riders.length) {
      ctx.addIssue({ code: 'custom', message: ValidationCode.DuplicateRider, path: ['riders'] });
    }
    v.items.forEach((item, i) => {
      if (item.riderKey !== undefined && !keys.has(item.riderKey)) {
        ctx.addIssue({
          code: 'custom',
          message: ValidationCode.UnknownRider,
          path: ['items', i, 'riderKey'],
        });
      }
    });
  })
  .superRefine(rentalRange)
  .superRefine(addressesRequired);
export type OrderCreate = z.input<typeof OrderCreateSchema>;

/**
 * `POST /api/app/orders/quote`: the rent of an order being taken at the counter, as `create` will
 * price it (docs/pricing.md: the store's rate cards and seasons, junior riders by age), so the
 * clerk tells the customer the price the server will charge. Lines as `create` gets them.
 */
export const CounterQuoteRequestSchema = z
  .object({
    storeId: z.uuid(),
    rentalStartTime: bookingTime(),
    rentalEndTime: bookingTime(),
    items: z
      .array(OrderItemInputSchema)
      .min(1, ValidationCode.ItemsRequired)
      .max(ORDER_ITEMS_MAX, ValidationCode.TooManyItems),
    riders: z
      .array(CounterRiderSchema)
      .max(ORDER_ITEMS_MAX, ValidationCode.TooManyRiders)
      .optional(),
  })
  .superRefine(rentalRange);
export type CounterQuoteRequest = z.input<typeof CounterQuoteRequestSchema>;

export const CounterQuoteSchema = z.object({
  days: z.number().int(),
  /**
   * Parallel to the request's items: each line's rent, how it came about ('' for daily × days),
   * the deposit it holds (a junior card's own where it sets one, else the gear's), and the pack
   * it makes up with other gear of the same person (its name; its rent and deposit are shares of
   * the pack's, said on its first part).
   */
  lines: z.array(
    z.object({
      rent: z.number(),
      explanation: z.string(),
      deposit: z.number(),
      pack: z.string().nullable(),
    }),
  ),
  rent: z.number(),
  /**
   * From when (HH:mm, the store's clock) a rental back by closing the same day is a half day at
   * the store's half-day prices; null where its cards price no half day.
   */
  halfDayFrom: z.string().nullable(),
});
export type CounterQuote = z.infer<typeof CounterQuoteSchema>;

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
  /** When the store checked the item in or released it early (null: out, or not known). */
  returnedAt: z.string().nullable(),
  /** The size booked (attribute id → value) and how it reads ('160 cm · 初级'). */
  size: z.record(z.string(), z.string()),
  sizeLabel: z.string(),
  /** The item held for a line booked by kind until one is bound (null once bound, or none). */
  heldBarcodeNumber: z.string().nullable(),
  packName: z.string(),
  riderKey: z.string().nullable(),
  rider: OrderRiderSchema.nullable(),
  /** Skis whose binding's release value (DIN) is set for the rider. */
  dinAdjustable: z.boolean(),
  /** Such skis with a rider: the ISO 11088 value the chart suggests, for the technician to check. */
  dinSuggestion: z.number().nullable(),
  /** Skis: the binding's release value the technician set and confirmed (null: not yet). */
  dinSetting: z.number().nullable(),
  /** A self-return: how the customer checked the item (label scanned or ticked), and its photo. */
  selfReturnCheck: z.enum(['scanned', 'ticked']).nullable(),
  selfReturnPhotoId: z.string().nullable(),
  /** A pickup at the door: the driver's word on the item, a photo and remarks (null: none). */
  pickupState: z.enum(['fine', 'damaged', 'lost']).nullable(),
  pickupPhotoId: z.string().nullable(),
  pickupRemarks: z.string(),
  /** A delivery at the door: the driver's word on the item as handed over (null: none). */
  deliveryState: z.enum(['fine', 'damaged']).nullable(),
  deliveryPhotoId: z.string().nullable(),
  deliveryRemarks: z.string(),
  /** The counter's return check-in: a photo and a note on a damaged or lost item. */
  returnPhotoId: z.string().nullable(),
  returnRemarks: z.string(),
});
export type OrderItem = z.infer<typeof OrderItemSchema>;

export const FeeItemSchema = z.object({
  id: z.string(),
  kind: z.enum(FEE_KINDS),
  amount: z.number(),
  description: z.string(),
  /**
   * A rent line whose description says how its price came about (a card, a season, a junior
   * rate, a pack's saving, booking early), shown beside its gear (`explainRents`).
   */
  explains: z.boolean(),
  /** Why the line was added by hand or waived ('' for lines the price list gives). */
  reason: z.string(),
  /** The manager who allowed it beyond a clerk's limits (null: none was needed). */
  approvedByName: z.string().nullable(),
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
  /** The receipt's number once the bill is settled (null: not settled). */
  receiptNo: z.string().nullable(),
  /**
   * A refund bill whose money is on its way back online (the provider is still processing it):
   * it is settled that way, and cash cannot be given for it.
   */
  refundUnderWay: z.boolean(),
  createdAt: z.string(),
});
export type Bill = z.infer<typeof BillSchema>;

export const ReturnedPaymentSchema = z.object({
  method: z.string(),
  amount: z.number(),
  paidAt: z.string().nullable(),
  /** `returning` while the provider processes the refund, `failed` when it refused it. */
  status: z.enum(['returning', 'returned', 'failed']),
});
export type ReturnedPayment = z.infer<typeof ReturnedPaymentSchema>;

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
  /**
   * Cash on delivery (货到付款): what the driver collects at the door before handing the gear
   * over (the order's open payment while it waits for or is out for delivery); 0 otherwise.
   */
  collectOnDelivery: z.number(),
});
export type OrderSummary = z.infer<typeof OrderSummarySchema>;

/**
 * What a late return costs (derived on every read, never stored): time past the rental end
 * beyond the store's grace is charged per started day at the daily rent of the lines out late,
 * counted from the end (modules/orders/late-fee.ts). Null when nothing is (or was) out past the
 * end, for free orders, and for orders settled without a late fee.
 */
export const OrderLateFeeSchema = z.object({
  /** Yuan: what the rule charges now (or what was charged at settlement). */
  amount: z.number(),
  /** Started days charged (0 within the grace). */
  days: z.number().int(),
  /** Whole hours past the rental end of the gear last back (or still out). */
  hoursLate: z.number().int(),
  /** The rental end: lateness counts from here. */
  since: z.string(),
  /** The end plus the grace: from here on the days are charged. */
  chargedFrom: z.string(),
  graceHours: z.number(),
  /** Yuan per day: the daily rent of the lines out past the end. */
  dailyRent: z.number(),
  /** The gear is still out: the fee grows by the daily rent with every started day. */
  growing: z.boolean(),
  /** Written as a fee line at the return's settlement. */
  settled: z.boolean(),
  /** A manager waived it (it is then not charged at settlement, however late the gear comes). */
  waiver: z.object({ byName: z.string(), reason: z.string(), at: z.string() }).nullable(),
});
export type OrderLateFee = z.infer<typeof OrderLateFeeSchema>;

export const OrderSchema = OrderSummarySchema.extend({
  customerId: z.string().nullable(),
  deliveryAddress: z.string(),
  returnAddress: z.string(),
  agentId: z.string().nullable(),
  /** The agent's name as the reader may see it (a customer sees the role only). */
  agentName: z.string().nullable(),
  remarks: z.string(),
  days: z.number().int(),
  items: z.array(OrderItemSchema),
  feeItems: z.array(FeeItemSchema),
  bills: z.array(BillSchema),
  /**
   * Online payments that arrived after the bill was settled another way (paid in cash, by another
   * attempt, or its amount changed): each goes straight back the way it came.
   */
  returnedPayments: z.array(ReturnedPaymentSchema),
  timeline: z.array(OrderEventSchema),
  /** An unpaid order is released at this time (the store's order-timeout hours); null otherwise. */
  payBefore: z.string().nullable(),
  /** The rental agreement accepted with the order (customer bookings, counter orders). */
  agreementVersion: z.string().nullable(),
  agreementAcceptedAt: z.string().nullable(),
  /** A counter order: the customer's finger signature under the agreement (a private file). */
  agreementSignatureId: z.string().nullable(),
  /**
   * The share key of the order's QR page (`/customer/order-qr/:orderNumber?k=`): whoever holds
   * the link sees the page without signing in. Given to the order's customer and its staff.
   */
  qrToken: z.string().nullable(),
  /** When the customer handed the gear back by self-return (null: they did not). */
  selfReturnAt: z.string().nullable(),
  /** The drivers of the delivery and pickup runs (null: in the store's open pool, or none). */
  deliveryDriver: z.object({ id: z.string(), name: z.string() }).nullable(),
  pickupDriver: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** Proof of delivery at the door: when, the photo, the recipient's signature and name. */
  deliveredAt: z.string().nullable(),
  deliveryPhotoId: z.string().nullable(),
  deliverySignatureId: z.string().nullable(),
  deliveryRecipient: z.string(),
  /** When a driver collected the gear at the door. */
  pickedUpAt: z.string().nullable(),
  /**
   * A booking delivered to the door: the gear arrives between the rental start and this time
   * (null: no window was promised, or the gear is not delivered).
   */
  deliveryWindowEnd: z.string().nullable(),
  /**
   * The store takes cash on delivery and this unpaid delivery order may still switch to it (be
   * paid at the door instead of now).
   */
  payAtDoorOffered: z.boolean(),
  /** What returning late costs, before and after settlement (see OrderLateFeeSchema). */
  lateFee: OrderLateFeeSchema.nullable(),
  /**
   * What extending the rental by 1, 2, … days costs (up to EXTENSION_DAYS_OFFERED, within the
   * longest rental): each line still out, on the rate card and seasons the order was priced on
   * (docs/pricing.md). The extension screens read it; the server charges the same.
   */
  extensionFees: z.array(z.number()),
});
export type Order = z.infer<typeof OrderSchema>;

/** The most days an extension screen offers at once. */
export const EXTENSION_DAYS_OFFERED = 30;

export const OrderListQuerySchema = PagedRequestSchema.extend({
  storeId: z.uuid().optional(),
  /** One status code, or several separated by commas. */
  status: z
    .string()
    .regex(/^\d{1,2}(,\d{1,2}){0,19}$/)
    .transform((v) => v.split(',').map(Number))
    .pipe(z.array(OrderStatusSchema))
    .optional(),
  /** Order number, customer name or phone. */
  keyword: z.string().trim().max(50).optional(),
  /** Rentals starting on or after / before these days (YYYY-MM-DD, business time zone). */
  startFrom: queryDay().optional(),
  startTo: queryDay().optional(),
  overdue: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  /** true: orders with at least one line still without equipment (gear to prepare). */
  unbound: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  /** true: self-returns waiting for the store to check the gear in. */
  selfReturn: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  /** Rentals ending (gear due back) on or after / before these days (business time zone). */
  endFrom: queryDay().optional(),
  endTo: queryDay().optional(),
  /** Orders whose driver's run is still to do: a delivery not delivered, a pickup not collected. */
  run: z.enum(['delivery', 'pickup']).optional(),
});
export type OrderListQuery = z.input<typeof OrderListQuerySchema>;

export const OrderCancelSchema = z.object({
  reason: singleLineText({ max: 200, required: ValidationCode.ReasonRequired }),
});

/** A manager waives an order's late fee: the reason is required and kept with the fee line. */
export const OrderWaiveLateFeeSchema = z.object({
  reason: singleLineText({ max: 200, required: ValidationCode.ReasonRequired }),
});
export type OrderWaiveLateFee = z.input<typeof OrderWaiveLateFeeSchema>;

/** Handover at the counter: the barcodes of every item going out, as scanned. */
export const OrderHandoverSchema = z.object({
  barcodes: z.array(z.string().trim().min(1).max(64)).min(1).max(ORDER_ITEMS_MAX),
});

/** Extension: the new end of the rental (the locks move, an ExtensionFee is charged). */
export const OrderExtendSchema = z.object({ rentalEndTime: bookingTime() });

/** Return check-in, item by item: back in stock, damaged or lost, with an optional damage fee. */
export const OrderReturnSchema = z.object({
  items: z
    .array(
      z.object({
        orderItemId: z.uuid(),
        state: z.enum([ReturnState.Returned, ReturnState.Damaged, ReturnState.Lost]),
        damageFee: moneyInput().default(0),
        remarks: multiLineText({ max: 200 }).default(''),
        /** A photo of a damaged or lost item (an upload of type DamagePhoto by the clerk). */
        photoFileId: z.uuid().optional(),
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

/** Details that may change until the rental starts (Pending, Unpaid, Reserved, PendingDelivery). */
export const OrderUpdateSchema = z.object({
  customerName,
  customerPhone: phone,
  deliveryAddress: address,
  returnAddress: address,
  remarks,
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

// ---- the customer's own orders ----------------------------------------------------------------

export const MyOrderCancelSchema = z.object({
  reason: singleLineText({ max: 200 }).default(''),
});
export type MyOrderCancel = z.input<typeof MyOrderCancelSchema>;

/** Extension by whole days from the current end; the extra days are charged. */
export const MyOrderExtendSchema = z.object({
  days: z.number().int().min(1).max(CUSTOMER_EXTEND_DAYS_MAX),
});
export type MyOrderExtend = z.input<typeof MyOrderExtendSchema>;

/**
 * A self-return: every item still out, each checked by scanning its label (the barcode read) or
 * ticked when there is no camera, with a photo of its condition; dropped at the store or picked
 * up from an address (the store's pickup fee is charged from the deposit).
 */
export const SelfReturnSchema = z
  .object({
    items: z
      .array(
        z.object({
          orderItemId: z.uuid(),
          check: z.enum(['scanned', 'ticked']),
          barcode: z.string().trim().max(64).default(''),
          photoFileId: z.uuid({ error: ValidationCode.SelfReturnPhotoRequired }),
        }),
      )
      .min(1)
      .max(ORDER_ITEMS_MAX),
    returnMethod: z.enum(RETURN_METHODS),
    returnAddress: address,
  })
  .superRefine((v, ctx) => {
    if (v.returnMethod === ReturnMethod.Pickup && !v.returnAddress) {
      ctx.addIssue({
        code: 'custom',
        message: ValidationCode.ReturnAddressRequired,
        path: ['returnAddress'],
      });
    }
    v.items.forEach((item, index) => {
      if (item.check === 'scanned' && !item.barcode) {
        ctx.addIssue({
          code: 'custom',
          message: ValidationCode.BarcodeRequired,
          path: ['items', index],
        });
      }
    });
  });
export type SelfReturn = z.input<typeof SelfReturnSchema>;

/** A phone number looked up at order create: who this customer has been to the store. */
export const CustomerHistoryQuerySchema = z.object({ phone });
export type CustomerHistoryQuery = z.infer<typeof CustomerHistoryQuerySchema>;

export const CustomerHistorySchema = z.object({
  /** Orders that were not cancelled. */
  rentals: z.number().int(),
  lastRentalTime: z.string().nullable(),
  /** Money still to collect from them (pending payments and supplements), in yuan. */
  openBalance: z.number(),
  /** Gear they brought back damaged or lost, newest first (at most 5). */
  damages: z.array(
    z.object({
      orderId: z.string(),
      orderNumber: z.string(),
      equipmentName: z.string(),
      state: z.enum(['damaged', 'lost']),
      time: z.string(),
    }),
  ),
  damageCount: z.number().int(),
  /** Their latest orders (at most 5). */
  recent: z.array(
    z.object({
      id: z.string(),
      orderNumber: z.string(),
      status: z.number().int(),
      rentalStartTime: z.string(),
      totalAmount: z.number(),
    }),
  ),
});
export type CustomerHistory = z.infer<typeof CustomerHistorySchema>;
