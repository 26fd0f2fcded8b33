import { z } from 'zod';
import { EquipmentSizeKind, EquipmentStatus } from './enums.js';
import { PagedRequestSchema } from './paging.js';

/** Inventory DTOs (spec §3 Equipment, stock payloads, attribute kinds). Money is yuan on the wire. */
export const EQUIPMENT_STATUSES = Object.values(EquipmentStatus) as EquipmentStatus[];
const StatusSchema = z.coerce
  .number()
  .int()
  .refine(
    (v): v is EquipmentStatus => (EQUIPMENT_STATUSES as number[]).includes(v),
    'InvalidStatus',
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
export const UNAVAILABLE_DAYS_MIN = 1;
export const UNAVAILABLE_DAYS_MAX = 365;

export const CategorySchema = z.object({
  id: z.string(),
  name: z.string(),
  sizeKind: z.enum([EquipmentSizeKind.LargeEquipment, EquipmentSizeKind.SmallEquipment]),
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
  options: z.array(z.string()),
  unit: z.string(),
  isRequired: z.boolean(),
  isFilterable: z.boolean(),
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
  MaxResultCount: z.coerce.number().int().min(1).max(1000).default(100),
  SkipCount: z.coerce.number().int().min(0).default(0),
});

export const AttributeValueSchema = z.object({
  attributeId: z.string(),
  name: z.string(),
  displayName: z.string(),
  kind: z.enum(ATTRIBUTE_KINDS),
  /** Text form: numbers as digits, booleans 'true'/'false', dates YYYY-MM-DD, multi-select joined by ','. */
  value: z.string(),
});
export type AttributeValue = z.infer<typeof AttributeValueSchema>;

export const UnavailableTimeSchema = z.object({
  id: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  source: z.enum(['manual', 'order']),
  orderId: z.string().nullable(),
  reason: z.string(),
});
export type UnavailableTime = z.infer<typeof UnavailableTimeSchema>;

export const EquipmentSchema = z.object({
  id: z.string(),
  name: z.string(),
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
  availableFrom: z.iso.datetime({ offset: true }).optional(),
  availableTo: z.iso.datetime({ offset: true }).optional(),
  /** Attribute filters as `attr.<attributeId>=<value>` (select values match exactly, text contains). */
}).catchall(z.string());
export type EquipmentListQuery = z.infer<typeof EquipmentListQuerySchema>;

const money = z.coerce.number().min(0).max(1_000_000).multipleOf(0.01);
export const EquipmentInputSchema = z.object({
  categoryId: z.uuid(),
  storeId: z.uuid(),
  name: z.string().trim().min(1, 'NameRequired').max(100),
  brand: z.string().trim().max(60).default(''),
  model: z.string().trim().max(60).default(''),
  barcodeNumber: z
    .string()
    .trim()
    .min(4, 'InvalidBarcode')
    .max(64, 'InvalidBarcode')
    .regex(/^[A-Za-z0-9._\-/]+$/, 'InvalidBarcode'),
  dailyRentPrice: money,
  deposit: money,
  remarks: z.string().trim().max(500).default(''),
  attributes: z.array(z.object({ attributeId: z.uuid(), value: z.string().max(200) })).default([]),
  imageFileIds: z.array(z.uuid()).max(9).default([]),
});
export type EquipmentInput = z.infer<typeof EquipmentInputSchema>;
export const EquipmentUpdateSchema = EquipmentInputSchema.omit({ storeId: true }).extend({
  /** A new barcode is changed in the same transaction (with its own history entry). */
  barcodeNumber: EquipmentInputSchema.shape.barcodeNumber.optional(),
});
export type EquipmentUpdate = z.infer<typeof EquipmentUpdateSchema>;

const reason = z.string().trim().min(1, 'ReasonRequired').max(STOCK_REASON_MAX, 'ReasonTooLong');
const remarks = z.string().trim().max(STOCK_REMARKS_MAX, 'RemarksTooLong').default('');

export const StockOutSchema = z
  .object({
    reason,
    remarks,
    unavailableStartTime: z.iso.datetime({ offset: true }),
    unavailableEndTime: z.iso.datetime({ offset: true }),
  })
  .refine((v) => new Date(v.unavailableEndTime) > new Date(v.unavailableStartTime), {
    message: 'EndBeforeStart',
    path: ['unavailableEndTime'],
  })
  .refine(
    (v) =>
      new Date(v.unavailableEndTime).getTime() - new Date(v.unavailableStartTime).getTime() <=
      UNAVAILABLE_DAYS_MAX * 86_400_000,
    { message: 'TooManyDays', path: ['unavailableEndTime'] },
  );
export type StockOut = z.infer<typeof StockOutSchema>;

export const StockInSchema = z.object({
  reason,
  remarks,
  shouldClearManualUnavailableTime: z.boolean().default(true),
});
export type StockIn = z.infer<typeof StockInSchema>;

export const EarlyReturnSchema = z.object({ orderId: z.uuid(), reason, remarks });
export type EarlyReturn = z.infer<typeof EarlyReturnSchema>;

export const ChangeStatusSchema = z.object({
  newStatus: z.union([
    z.literal(EquipmentStatus.Damaged),
    z.literal(EquipmentStatus.Lost),
    z.literal(EquipmentStatus.Scrapped),
  ]),
  reason,
  remarks,
});
export type ChangeStatus = z.infer<typeof ChangeStatusSchema>;

export const TransferSchema = z.object({ targetStoreId: z.uuid(), reason, remarks });
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

/** Business types whose uploads must be images. */
export const IMAGE_BUSINESS_TYPES = ['EquipmentImage', 'Avatar', 'DeliveryPhoto'] as const;
export const MAX_EQUIPMENT_IMAGES = 9;

/** Small equipment: gear counted by quantity per store (socks, hand warmers, face masks …). */
export const SmallEquipmentSchema = z.object({
  id: z.string(),
  storeId: z.string(),
  storeName: z.string(),
  name: z.string(),
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
});

export const SmallEquipmentInputSchema = z.object({
  storeId: z.uuid(),
  name: z.string().trim().min(1, 'NameRequired').max(60),
  unit: z.string().trim().min(1).max(10).default('件'),
  quantity: z.number().int().min(0).max(100_000).default(0),
  lowStockThreshold: z.number().int().min(0).max(100_000).default(0),
});

export const SmallEquipmentAdjustSchema = z.object({
  delta: z
    .number()
    .int()
    .min(-100_000)
    .max(100_000)
    .refine((v) => v !== 0, 'DeltaZero'),
  reason: z.string().trim().min(1, 'ReasonRequired').max(STOCK_REASON_MAX, 'ReasonTooLong'),
  remarks: z.string().trim().max(STOCK_REMARKS_MAX, 'RemarksTooLong').default(''),
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

/** What anyone may see of an item (the label's QR code opens it): no history, locks or internals. */
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
  categoryName: true,
  dailyRentPrice: true,
  deposit: true,
  attributes: true,
  imageFiles: true,
});
export type EquipmentInquiry = z.infer<typeof EquipmentInquirySchema>;

/** An order that holds an item, as the equipment dialog's related-orders section lists it. */
export const EquipmentOrderSchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  status: z.number().int(),
  customerName: z.string(),
  rentalStartTime: z.string(),
  rentalEndTime: z.string(),
  totalAmount: z.number(),
});
export type EquipmentOrder = z.infer<typeof EquipmentOrderSchema>;

export const EquipmentOrdersQuerySchema = PagedRequestSchema.extend({ equipmentId: z.uuid() });
export type EquipmentOrdersQuery = z.infer<typeof EquipmentOrdersQuerySchema>;

/** How many of an item's orders each related-orders tab holds (cancelled orders in none). */
export const EquipmentOrdersCountSchema = z.object({
  inUse: z.number().int(),
  reserved: z.number().int(),
  unpaid: z.number().int(),
  completed: z.number().int(),
});
export type EquipmentOrdersCount = z.infer<typeof EquipmentOrdersCountSchema>;
