import { z } from 'zod';
import { AUDIT_CATEGORIES, type AuditCategory } from './audit.js';
import { queryDay } from './date-schemas.js';
import { queryInteger } from './number-schemas.js';
import { BillKind } from './order-values.js';
import { Permissions, type PermissionName } from './permissions.js';

/**
 * Oversight of the business: the permission matrix of each role, the audit log (who changed
 * what and when) and the shift close (cash per clerk per day). Days are business days
 * (YYYY-MM-DD in the business time zone); money is yuan on the wire.
 */

// ---- roles and permissions --------------------------------------------------------------------

/** The permission groups of spec §6, in its order, each with its permissions in order. */
export const PERMISSION_GROUPS: readonly {
  name: keyof typeof Permissions;
  permissions: readonly PermissionName[];
}[] = (Object.keys(Permissions) as (keyof typeof Permissions)[]).map((name) => ({
  name,
  permissions: Object.values<PermissionName>(Permissions[name]),
}));

export const RoleMatrixRoleSchema = z.object({
  name: z.string(),
  displayName: z.string(),
  icon: z.string(),
  /** What the role holds now, in the order of PERMISSION_GROUPS. */
  permissions: z.array(z.string()),
  /** False for the super admin's row, which always holds everything. */
  editable: z.boolean(),
});
export type RoleMatrixRole = z.infer<typeof RoleMatrixRoleSchema>;

export const RoleMatrixSchema = z.object({
  roles: z.array(RoleMatrixRoleSchema),
  groups: z.array(z.object({ name: z.string(), permissions: z.array(z.string()) })),
  /** Whether the caller may change the matrix (the super admin only). */
  canEdit: z.boolean(),
});
export type RoleMatrix = z.infer<typeof RoleMatrixSchema>;

/** A role's permissions, replaced as a whole; a name given twice is held once. */
export const RolePermissionsInputSchema = z.object({
  permissions: z
    .array(z.string().trim().max(200))
    .max(200)
    .transform((names) => [...new Set(names)]),
});
export type RolePermissionsInput = z.input<typeof RolePermissionsInputSchema>;

export const RolePermissionsChangeSchema = z.object({
  role: RoleMatrixRoleSchema,
  added: z.array(z.string()),
  removed: z.array(z.string()),
});
export type RolePermissionsChange = z.infer<typeof RolePermissionsChangeSchema>;

export const RoleErrorCode = {
  /** The super admin's row always holds every permission. */
  SuperAdminFixed: 'Role:SuperAdminFixed',
  UnknownPermission: 'Role:UnknownPermission',
  NotFound: 'Role:NotFound',
} as const;

// ---- the audit log ----------------------------------------------------------------------------

/** Lines per page of the audit log. */
export const AUDIT_PAGE_SIZE = 20;
/** The longest range one call may ask for, in days. */
export const AUDIT_MAX_RANGE_DAYS = 366;
/** How far the list may be paged: beyond this, narrow the filters. */
export const AUDIT_MAX_SKIP = 10_000;
/** The most lines one CSV export holds: beyond this, the server asks for fewer days. */
export const AUDIT_EXPORT_MAX_ROWS = 10_000;

const AUDIT_CATEGORY_VALUES = AUDIT_CATEGORIES as [AuditCategory, ...AuditCategory[]];

export const AuditLogFiltersSchema = z.object({
  /** Several categories separated by commas; none = every category. */
  categories: z
    .string()
    .regex(/^[a-z]{1,20}(,[a-z]{1,20}){0,9}$/)
    .transform((v) => [...new Set(v.split(','))])
    .pipe(z.array(z.enum(AUDIT_CATEGORY_VALUES)))
    .optional(),
  /** One store (a super admin's choice); other staff always get their own. */
  storeId: z.uuid().optional(),
  /** Part of the operator's name. */
  operator: z.string().trim().max(64).optional(),
  /** Part of the line: its text, an order number, a barcode, an item's name. */
  keyword: z.string().trim().max(64).optional(),
  from: queryDay(),
  to: queryDay(),
});
export type AuditLogFilters = z.input<typeof AuditLogFiltersSchema>;

export const AuditLogQuerySchema = AuditLogFiltersSchema.extend({
  skipCount: queryInteger(z.number().int().min(0).max(AUDIT_MAX_SKIP)).default(0),
  maxResultCount: queryInteger(z.number().int().min(1).max(100)).default(AUDIT_PAGE_SIZE),
});
export type AuditLogQuery = z.input<typeof AuditLogQuerySchema>;

export const AuditChangeSchema = z.object({
  /** The field or parameter key ('dailyRentPrice', 'SnowGear.Order.DeliveryFee' …). */
  field: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditChange = z.infer<typeof AuditChangeSchema>;

export const AuditLogEntrySchema = z.object({
  id: z.string(),
  time: z.string(),
  category: z.enum(AUDIT_CATEGORY_VALUES),
  storeId: z.string().nullable(),
  /** Null for a change of the whole business (system settings). */
  storeName: z.string().nullable(),
  operatorName: z.string(),
  /** In the reader's language. */
  summary: z.string(),
  /** What the line is about, to open it: an order, an item, small equipment (any may be null). */
  orderId: z.string().nullable(),
  equipmentId: z.string().nullable(),
  smallEquipmentId: z.string().nullable(),
  /**
   * What a settings or staff change changed, value by value as recorded (a price, a parameter,
   * a field): empty for the other lines, which say it in the summary.
   */
  changes: z.array(AuditChangeSchema),
});
export type AuditLogEntry = z.infer<typeof AuditLogEntrySchema>;

export const AuditErrorCode = {
  /** More lines than one export holds: fewer days, please. */
  TooManyRows: 'Audit:TooManyRows',
} as const;

// ---- shift close ------------------------------------------------------------------------------

export const ShiftCloseQuerySchema = z.object({
  /** The business day; today when absent. */
  date: queryDay().optional(),
  /** The store (a super admin's choice); other staff always get their own. */
  storeId: z.uuid().optional(),
});
export type ShiftCloseQuery = z.input<typeof ShiftCloseQuerySchema>;

const Yuan = z.number();
const CashCountSchema = z.object({ count: z.number().int(), amount: Yuan });

export const ShiftCloseBillSchema = z.object({
  billId: z.string(),
  paidAt: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  customerName: z.string(),
  kind: z.enum([BillKind.Payment, BillKind.Supplement, BillKind.Refund]),
  /** Yuan, always positive; a refund is cash given back. */
  amount: Yuan,
});
export type ShiftCloseBill = z.infer<typeof ShiftCloseBillSchema>;

export const ShiftCloseClerkSchema = z.object({
  /** The person who confirmed the cash; null when the record names nobody. */
  clerkId: z.string().nullable(),
  name: z.string(),
  /** A driver who took cash at the door (counted as their own line). */
  isDriver: z.boolean(),
  cashIn: CashCountSchema,
  cashOut: CashCountSchema,
  net: Yuan,
  /** Oldest first, as the shift went. */
  bills: z.array(ShiftCloseBillSchema),
});
export type ShiftCloseClerk = z.infer<typeof ShiftCloseClerkSchema>;

export const ShiftCloseSchema = z.object({
  date: z.iso.date(),
  storeId: z.string(),
  storeName: z.string(),
  clerks: z.array(ShiftCloseClerkSchema),
  totals: z.object({ cashIn: CashCountSchema, cashOut: CashCountSchema, net: Yuan }),
});
export type ShiftClose = z.infer<typeof ShiftCloseSchema>;
