import { z } from 'zod';
import { EquipmentSizeKind, EquipmentStatus } from './enums.js';
import { bookingRangeProblem, DateIssue } from './dates.js';
import { bookingTime, queryTime } from './date-schemas.js';
import { decimalInput, moneyInput, queryInteger } from './number-schemas.js';
import { MAX_SKIP_COUNT, PagedRequestSchema } from './paging.js';
import { multiLineText, singleLineText } from './text-schemas.js';
import { ValidationCode } from './validation-codes.js';

/** Inventory DTOs (spec §3 Equipment, stock payloads, attribute kinds). Money is yuan on the wire. */
export const EQUIPMENT_STATUSES = Object.values(EquipmentStatus) as EquipmentStatus[];
const StatusSchema = queryInteger(
  z
    .number()
    .int()
    .refine(
      (v): v is EquipmentStatus => (EQUIPMENT_STATUSES as number[]).includes(v),
      ValidationCode.InvalidStatus,
    ),
);

export const AttributeKind = {
  Text: 'text',
  Number: 'number',
  Select: 'select',
  MultiSelect: 'multi-select',
  Boolean: 'boolean',
  Date: 'date',
} as const;
export type AttributeKind = (typeof AttributeKind)[keyof typeof AttributeKind];
export const ATTRIBUTE_KINDS = Object.values(AttributeKind) as [AttributeKind, ...AttributeKind[]];

/** Limits of spec §5 and §9. */
export const STOCK_REASON_MAX = 200;
export const STOCK_REMARKS_MAX = 500;

export const CategorySchema = z.object({
  id: z.string(),
  name: z.string(),
  sizeKind: z.enum([EquipmentSizeKind.LargeEquipment, EquipmentSizeKind.SmallEquipment]),
  /** Skis whose binding release value (DIN) is set per rider. */
  dinAdjustable: z.boolean(),
  sortOrder: z.number().int(),
  equipmentCount: z.number().int(),
});
export type Category = z.infer<typeof CategorySchema>;

export const AttributeDefinitionSchema = z.object({
  id: z.string(),
  categoryId: z.string().nullable(),
  name: z.string(),
  displayName: z.string(),
  kind: z.enum(ATTRIBUTE_KINDS),
  /** The values chosen and stored (the Chinese options). */
  options: z.array(z.string()),
  /** What the reader sees for each option, same positions as `options`, in their language. */
  optionLabels: z.array(z.string()),
  unit: z.string(),
  isRequired: z.boolean(),
  isFilterable: z.boolean(),
  /** A size the customer chooses when booking the kind. */
  isSize: z.boolean(),
  isEnabled: z.boolean(),
  sortOrder: z.number().int(),
});
export type AttributeDefinition = z.infer<typeof AttributeDefinitionSchema>;

export const AttributeDefinitionQuerySchema = z.object({
  CategoryId: z.uuid().optional(),
  IsFilterable: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  IsEnabled: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  MaxResultCount: queryInteger(z.number().int().min(1).max(1000)).default(100),
  SkipCount: queryInteger(z.number().int().min(0).max(MAX_SKIP_COUNT)).default(0),
});

export const AttributeValueSchema = z.object({
  attributeId: z.string(),
  name: z.string(),
  displayName: z.string(),
  kind: z.enum(ATTRIBUTE_KINDS),
  /** Text form: numbers as digits, booleans 'true'/'false', dates YYYY-MM-DD, multi-select joined by ','. */
  value: z.string(),
  /** The value as the reader sees it: a chosen option in their language (the value otherwise). */
  valueLabel: z.string(),
});
export type AttributeValue = z.infer<typeof AttributeValueSchema>;

export const UnavailableTimeSchema = z.object({
  id: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  source: z.enum(['manual', 'order']),
  /** The order holding it; null for a manual lock, and for another store's gear. */
  orderId: z.string().nullable(),
  reason: z.string(),
});
export type UnavailableTime = z.infer<typeof UnavailableTimeSchema>;

export const EquipmentSchema = z.object({
  id: z.string(),
  /** The Chinese name, as edited. */
  name: z.string(),
  /** The English name, as edited ('' until translated). */
  nameEn: z.string(),
  /** The name in the reader's language. */
  nameShown: z.string(),
  brand: z.string(),
  model: z.string(),
  barcodeNumber: z.string(),
  status: z.number().int(),
  statusDisplayName: z.string(),
  storeId: z.string(),
  storeName: z.string(),
  categoryId: z.string(),
  categoryName: z.string(),
  dailyRentPrice: z.number(),
  deposit: z.number(),
  usageCount: z.number().int(),
  remarks: z.string(),
  transferToStoreId: z.string().nullable(),
  attributes: z.array(AttributeValueSchema),
  imageFiles: z.array(
    z.object({
      id: z.string(),
      file: z.object({ id: z.string(), accessUrl: z.string() }),
      thumbnails: z.array(z.object({ size: z.string(), accessUrl: z.string() })),
    }),
  ),
  imageFileIds: z.array(z.string()),
  unavailableTimes: z.array(UnavailableTimeSchema),
  /**
   * The active order the item is out on (delivering, delivered, in use or waiting for return),
   * not yet checked back in on it. Such an item comes back only through that order's return.
   * Which order it is (id, number, customer) is told to the order's store only (a SuperAdmin
   * any): staff of another store see that it is out, and on an order of which store.
   */
  outOnOrder: z
    .object({
      orderId: z.string().nullable(),
      orderNumber: z.string().nullable(),
      customerName: z.string().nullable(),
      storeId: z.string(),
    })
    .nullable(),
  creationTime: z.string(),
  lastModificationTime: z.string(),
});
export type Equipment = z.infer<typeof EquipmentSchema>;

export const EquipmentListQuerySchema = PagedRequestSchema.extend({
  storeId: z.uuid().optional(),
  categoryId: z.uuid().optional(),
  status: StatusSchema.optional(),
  keyword: z.string().trim().max(100).optional(),
  /** Free (not locked, status 0) for the whole window [availableFrom, availableTo). */
  availableFrom: queryTime().optional(),
  availableTo: queryTime().optional(),
  /** Attribute filters as `attr.<attributeId>=<value>` (select values match exactly, text contains). */
})
  .catchall(z.string().max(200))
  .refine(
    (v) =>
      !v.availableFrom ||
      !v.availableTo ||
      Date.parse(v.availableTo) >= Date.parse(v.availableFrom),
    {
      message: ValidationCode.EndBeforeStart,
      path: ['availableTo'],
    },
  );
export type EquipmentListQuery = z.infer<typeof EquipmentListQuerySchema>;

export const EquipmentInputSchema = z.object({
  categoryId: z.uuid(),
  storeId: z.uuid(),
  name: singleLineText({ max: 100, required: ValidationCode.NameRequired }),
  /** Optional: English readers see the Chinese name while it is empty. */
  nameEn: singleLineText({ max: 100 }).default(''),
  brand: singleLineText({ max: 60 }).default(''),
  model: singleLineText({ max: 60 }).default(''),
  barcodeNumber: z
    .string()
    .trim()
    .min(4, ValidationCode.InvalidBarcode)
    .max(64, ValidationCode.InvalidBarcode)
    .regex(/^[A-Za-z0-9._\-/]+$/, ValidationCode.InvalidBarcode),
  dailyRentPrice: moneyInput(),
  deposit: moneyInput(),
  remarks: multiLineText({ max: 500 }).default(''),
  attributes: z
    .array(z.object({ attributeId: z.uuid(), value: singleLineText({ max: 200 }) }))
    .max(100)
    .default([]),
  imageFileIds: z.array(z.uuid()).max(9).default([]),
});
export type EquipmentInput = z.infer<typeof EquipmentInputSchema>;
export const EquipmentUpdateSchema = EquipmentInputSchema.omit({ storeId: true }).extend({
  /** A new barcode is changed in the same transaction (with its own history entry). */
  barcodeNumber: EquipmentInputSchema.shape.barcodeNumber.optional(),
});
export type EquipmentUpdate = z.infer<typeof EquipmentUpdateSchema>;

const reason = singleLineText({
  max: STOCK_REASON_MAX,
  required: ValidationCode.ReasonRequired,
  tooLong: ValidationCode.ReasonTooLong,
});
const remarks = multiLineText({
  max: STOCK_REMARKS_MAX,
  tooLong: ValidationCode.RemarksTooLong,
}).default('');

/**
 * Staff who were told the item belongs to another store and chose to go on (spec §2's notice)
 * say so; without it an operation on another store's gear is refused.
 */
const otherStoreAcknowledged = z.boolean().default(false);

const stockOutFields = {
  reason,
  remarks,
  otherStoreAcknowledged,
  unavailableStartTime: bookingTime(),
  unavailableEndTime: bookingTime(),
};
const checkStockOutWindow = (
  v: { unavailableStartTime: string; unavailableEndTime: string },
  ctx: z.RefinementCtx,
) => {
  const problem = bookingRangeProblem(v.unavailableStartTime, v.unavailableEndTime);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['unavailableEndTime'] });
  else if (new Date(v.unavailableEndTime).getTime() <= Date.now()) {
    ctx.addIssue({ code: 'custom', message: DateIssue.EndInPast, path: ['unavailableEndTime'] });
  }
};

export const StockOutSchema = z.object(stockOutFields).superRefine(checkStockOutWindow);
export type StockOut = z.infer<typeof StockOutSchema>;

const stockInFields = {
  reason,
  remarks,
  otherStoreAcknowledged,
  shouldClearManualUnavailableTime: z.boolean().default(true),
};
export const StockInSchema = z.object(stockInFields);
export type StockIn = z.infer<typeof StockInSchema>;

/** Items one batch check-in or check-out may carry (a family's kit, a rack, a van load). */
export const BATCH_STOCK_MAX = 100;
const batchIds = z
  .array(z.uuid())
  .min(1)
  .max(BATCH_STOCK_MAX)
  .refine((ids) => new Set(ids).size === ids.length, { message: ValidationCode.DuplicateItems });

/** Batch mode: one reason and window for every item scanned; each item succeeds on its own. */
export const BatchStockOutSchema = z
  .object({ equipmentIds: batchIds, ...stockOutFields })
  .superRefine(checkStockOutWindow);
export type BatchStockOut = z.infer<typeof BatchStockOutSchema>;
/** An item of a batch check-in that came back damaged: a note and a photo (DamagePhoto upload). */
export const BatchDamageSchema = z.object({
  equipmentId: z.uuid(),
  remarks: multiLineText({
    max: STOCK_REMARKS_MAX,
    tooLong: ValidationCode.RemarksTooLong,
  }).default(''),
  photoFileId: z.uuid().optional(),
});
export const BatchStockInSchema = z
  .object({
    equipmentIds: batchIds,
    ...stockInFields,
    /** Items of the batch checked in and then marked damaged. */
    damaged: z.array(BatchDamageSchema).max(BATCH_STOCK_MAX).default([]),
  })
  .superRefine((v, ctx) => {
    v.damaged.forEach((d, i) => {
      if (!v.equipmentIds.includes(d.equipmentId)) {
        ctx.addIssue({
          code: 'custom',
          message: ValidationCode.DamagedNotInBatch,
          path: ['damaged', i],
        });
      }
    });
  });
export type BatchStockIn = z.infer<typeof BatchStockInSchema>;

export const EarlyReturnSchema = z.object({
  orderId: z.uuid(),
  reason,
  remarks,
  otherStoreAcknowledged,
});
export type EarlyReturn = z.infer<typeof EarlyReturnSchema>;

export const ChangeStatusSchema = z.object({
  newStatus: z.union([
    z.literal(EquipmentStatus.Damaged),
    z.literal(EquipmentStatus.Lost),
    z.literal(EquipmentStatus.Scrapped),
  ]),
  reason,
  remarks,
  otherStoreAcknowledged,
});
export type ChangeStatus = z.infer<typeof ChangeStatusSchema>;

export const TransferSchema = z.object({
  targetStoreId: z.uuid(),
  reason,
  remarks,
  otherStoreAcknowledged,
});
export type Transfer = z.infer<typeof TransferSchema>;

export const BarcodeUpdateSchema = z.object({
  barcodeNumber: EquipmentInputSchema.shape.barcodeNumber,
  reason: reason.optional(),
});

export const StockResultSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  equipment: EquipmentSchema,
});
export type StockResult = z.infer<typeof StockResultSchema>;

/**
 * What became of each item of a batch, in the order sent: done, or refused with the code and
 * message a single operation would have answered (and the order that holds it, if one does).
 */
export const BatchStockResultSchema = z.object({
  succeeded: z.number().int(),
  failed: z.number().int(),
  items: z.array(
    z.object({
      equipmentId: z.string(),
      barcodeNumber: z.string().nullable(),
      success: z.boolean(),
      code: z.string().nullable(),
      message: z.string(),
      orderId: z.string().nullable(),
    }),
  ),
});
export type BatchStockResult = z.infer<typeof BatchStockResultSchema>;

export const OperationHistorySchema = z.object({
  id: z.string(),
  operation: z.string(),
  operationDisplayName: z.string(),
  fromStatus: z.number().int().nullable(),
  toStatus: z.number().int().nullable(),
  reason: z.string(),
  remarks: z.string(),
  orderId: z.string().nullable(),
  operatorName: z.string(),
  storeName: z.string(),
  /** The operator's own store, when it was not the item's (an operation after the notice). */
  operatorStoreName: z.string().nullable(),
  /** A photo of the item's condition at that moment (damage found at a check-in). */
  photoId: z.string().nullable(),
  creationTime: z.string(),
});
export type OperationHistory = z.infer<typeof OperationHistorySchema>;

export const UsageStatisticsSchema = z.object({
  usageCount: z.number().int(),
  checkOutCount: z.number().int(),
  checkInCount: z.number().int(),
  damagedCount: z.number().int(),
  lostCount: z.number().int(),
  daysOut: z.number().int(),
  lastCheckOutTime: z.string().nullable(),
  lastCheckInTime: z.string().nullable(),
});

export const InventorySummarySchema = z.object({
  storeId: z.string(),
  storeName: z.string(),
  total: z.number().int(),
  byStatus: z.array(z.object({ status: z.number().int(), count: z.number().int() })),
  byCategory: z.array(
    z.object({
      categoryId: z.string(),
      categoryName: z.string(),
      total: z.number().int(),
      available: z.number().int(),
    }),
  ),
});

export const FileThumbnailSchema = z.object({
  size: z.string(),
  accessUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export const FileInfoSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  accessUrl: z.string(),
  thumbnails: z.array(FileThumbnailSchema),
  isTemporary: z.boolean(),
  expiresAt: z.string().nullable(),
  businessType: z.string(),
  businessEntityId: z.string().nullable(),
});
export type FileInfo = z.infer<typeof FileInfoSchema>;

/** A signed download link of a private file: opens it without a token until `expiresAt`. */
export const FileLinkSchema = z.object({ url: z.string(), expiresAt: z.string() });
export type FileLink = z.infer<typeof FileLinkSchema>;

/** Business types whose uploads must be images. */
export const IMAGE_BUSINESS_TYPES = [
  'EquipmentImage',
  'PackImage',
  'Avatar',
  'DeliveryPhoto',
  'SelfReturnPhoto',
  'DamagePhoto',
] as const;

/** A customer's finger signature under the rental agreement, drawn at the counter. */
export const AGREEMENT_SIGNATURE = 'AgreementSignature';
export const MAX_EQUIPMENT_IMAGES = 9;

/** Small equipment: gear counted by quantity per store (socks, hand warmers, face masks …). */
export const SmallEquipmentSchema = z.object({
  id: z.string(),
  storeId: z.string(),
  storeName: z.string(),
  /** The Chinese name, as entered. */
  name: z.string(),
  /** The English name, as entered ('' until translated). */
  nameEn: z.string(),
  /** The name in the reader's language. */
  nameShown: z.string(),
  unit: z.string(),
  quantity: z.number().int(),
  lowStockThreshold: z.number().int(),
  isLow: z.boolean(),
  lastModificationTime: z.string(),
});
export type SmallEquipment = z.infer<typeof SmallEquipmentSchema>;

export const SmallEquipmentQuerySchema = PagedRequestSchema.extend({
  storeId: z.uuid().optional(),
  keyword: z.string().trim().max(64).optional(),
  /** true: only what is running low (at or below its threshold). */
  low: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});

/** The most of one kind of small equipment a store counts. */
export const SMALL_EQUIPMENT_QUANTITY_MAX = 100_000;
const quantity = () => decimalInput(z.number().int().min(0).max(SMALL_EQUIPMENT_QUANTITY_MAX));

export const SmallEquipmentInputSchema = z.object({
  storeId: z.uuid(),
  name: singleLineText({ max: 60, required: ValidationCode.NameRequired }),
  /** Optional: English readers see the Chinese name while it is empty. */
  nameEn: singleLineText({ max: 60 }).default(''),
  unit: singleLineText({ max: 10, required: ValidationCode.UnitRequired }).default('件'),
  quantity: quantity().default(0),
  lowStockThreshold: quantity().default(0),
});

/** `PUT /api/app/small-equipment/:id/names`: its name in Chinese and in English. */
export const SmallEquipmentNamesSchema = SmallEquipmentInputSchema.pick({
  name: true,
  nameEn: true,
});
export type SmallEquipmentNames = z.input<typeof SmallEquipmentNamesSchema>;

export const SmallEquipmentAdjustSchema = z.object({
  delta: decimalInput(
    z
      .number()
      .int()
      .min(-SMALL_EQUIPMENT_QUANTITY_MAX)
      .max(SMALL_EQUIPMENT_QUANTITY_MAX)
      .refine((v) => v !== 0, ValidationCode.DeltaZero),
  ),
  reason,
  remarks,
});
export type SmallEquipmentAdjust = z.infer<typeof SmallEquipmentAdjustSchema>;

export const SmallEquipmentMovementSchema = z.object({
  id: z.string(),
  delta: z.number().int(),
  quantityAfter: z.number().int(),
  reason: z.string(),
  remarks: z.string(),
  operatorName: z.string(),
  creationTime: z.string(),
});

/**
 * Whether an item can be rented now, as a customer reads it (spec §4: unavailable when its status
 * is 2–5 or a hold covers the time): holds are order or manual ranges, start and end only.
 */
export const EquipmentAvailabilitySchema = z.object({
  /** In stock and no hold covers this moment. */
  availableNow: z.boolean(),
  /** When a held item is free again (the end of the holds that run on from now); null when it is free now, or when nobody can tell (out of service, overdue). */
  nextFreeFrom: z.string().nullable(),
  /** Holds not yet over, earliest first (at most EQUIPMENT_HOLDS_SHOWN). */
  holds: z.array(z.object({ startTime: z.string(), endTime: z.string() })),
});
export type EquipmentAvailability = z.infer<typeof EquipmentAvailabilitySchema>;
export const EQUIPMENT_HOLDS_SHOWN = 5;

/** What anyone may see of an item (the label's QR code opens it): no history, orders or internals. */
export const EquipmentInquirySchema = EquipmentSchema.pick({
  id: true,
  name: true,
  brand: true,
  model: true,
  barcodeNumber: true,
  status: true,
  statusDisplayName: true,
  storeId: true,
  storeName: true,
  categoryId: true,
  categoryName: true,
  dailyRentPrice: true,
  deposit: true,
  usageCount: true,
  attributes: true,
  imageFiles: true,
})
  .extend(EquipmentAvailabilitySchema.shape)
  .extend({
    /** The values of its category's size attributes: the kind it is booked as (attribute id → value). */
    size: z.record(z.string(), z.string()),
  });
export type EquipmentInquiry = z.infer<typeof EquipmentInquirySchema>;

/** `GET /api/app/equipment/catalog-items` (public): a store's gear, browsed and searched. */
export const CatalogItemQuerySchema = PagedRequestSchema.extend({
  storeId: z.uuid(),
  categoryId: z.uuid().optional(),
  /** Name, brand, model or barcode. */
  keyword: z.string().trim().max(100).optional(),
  maxResultCount: queryInteger(z.number().int().min(1).max(50)).default(20),
});
export type CatalogItemQuery = z.input<typeof CatalogItemQuerySchema>;

/** One item of the public browse list: what a customer compares, nothing internal. */
export const CatalogItemSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    brand: z.string(),
    model: z.string(),
    /** What the label carries: the detail opens by it (`/cx?sn=`). */
    barcodeNumber: z.string(),
    status: z.number().int(),
    categoryId: z.string(),
    categoryName: z.string(),
    dailyRentPrice: z.number(),
    deposit: z.number(),
    /** The values of the category's size attributes (ski length, boot size …). */
    sizes: z.array(
      z.object({
        displayName: z.string(),
        value: z.string(),
        /** The value in the reader's language. */
        valueLabel: z.string(),
        unit: z.string(),
      }),
    ),
    /** The first picture's small thumbnail, if any. */
    thumbnailUrl: z.string().nullable(),
    imageCount: z.number().int(),
  })
  .extend(EquipmentAvailabilitySchema.shape);
export type CatalogItem = z.infer<typeof CatalogItemSchema>;

/** An order that holds an item, as the equipment dialog's related-orders section lists it. */
/** An order in the equipment dialog's related orders (spec §3; `id` is kept beside `orderId`). */
export const EquipmentOrderSchema = z.object({
  orderId: z.string(),
  id: z.string(),
  orderNumber: z.string(),
  status: z.number().int(),
  /** The status in the reader's language. */
  statusDescription: z.string(),
  customerName: z.string(),
  rentalStartTime: z.string(),
  rentalEndTime: z.string(),
  totalAmount: z.number(),
});
export type EquipmentOrder = z.infer<typeof EquipmentOrderSchema>;

export const EquipmentOrdersQuerySchema = PagedRequestSchema.extend({ equipmentId: z.uuid() });
export type EquipmentOrdersQuery = z.infer<typeof EquipmentOrdersQuerySchema>;

/** The related-orders tabs of the equipment dialog. */
export const EQUIPMENT_ORDER_GROUPS = ['inUse', 'reserved', 'unpaid', 'completed'] as const;
export type EquipmentOrderGroup = (typeof EQUIPMENT_ORDER_GROUPS)[number];

/**
 * How many of an item's orders each related-orders tab holds (cancelled orders in none), by the
 * spec's names (§3); the short names are kept for older clients.
 */
export const EquipmentOrdersCountSchema = z.object({
  totalCount: z.number().int(),
  inUseCount: z.number().int(),
  reservedCount: z.number().int(),
  unpaidCount: z.number().int(),
  completedCount: z.number().int(),
  inUse: z.number().int(),
  reserved: z.number().int(),
  unpaid: z.number().int(),
  completed: z.number().int(),
});
export type EquipmentOrdersCount = z.infer<typeof EquipmentOrdersCountSchema>;
