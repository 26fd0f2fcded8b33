import { z } from 'zod';
import { PagedRequestSchema } from './paging.js';
import { multiLineText, singleLineText } from './text-schemas.js';
import { ValidationCode } from './validation-codes.js';

/** A delivery takes the gear to the customer; a pickup brings it back (spec §1, drivers). */
export const DELIVERY_TASK_KINDS = ['delivery', 'pickup'] as const;
export type DeliveryTaskKind = (typeof DELIVERY_TASK_KINDS)[number];

/**
 * What a driver does at one address: the order's delivery (its delivery method is Delivery) or
 * its pickup (its return method is Pickup). A task is to do until the gear is handed over (or
 * collected), then done.
 */
export const DeliveryTaskSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  kind: z.enum(DELIVERY_TASK_KINDS),
  /** The order's status code. */
  status: z.number().int(),
  storeId: z.string(),
  storeName: z.string(),
  customerName: z.string(),
  customerPhone: z.string(),
  address: z.string(),
  /** Deliver by the rental start; collect from the rental end. */
  dueAt: z.string(),
  /** A delivery booked with a window: it arrives between `dueAt` and this time (null: none). */
  windowEnd: z.string().nullable(),
  /** When it was delivered or collected (null: to do). */
  doneAt: z.string().nullable(),
  driverId: z.string().nullable(),
  driverName: z.string().nullable(),
  items: z.array(z.object({ name: z.string(), barcodeNumber: z.string().nullable() })),
  /** What is still to collect from the customer (pending payment and supplement bills). */
  toCollect: z.number(),
});
export type DeliveryTask = z.infer<typeof DeliveryTaskSchema>;

const bool = z
  .enum(['true', 'false'])
  .transform((v) => v === 'true')
  .optional();

export const DeliveryTaskQuerySchema = PagedRequestSchema.extend({
  kind: z.enum(DELIVERY_TASK_KINDS),
  state: z.enum(['todo', 'done']).default('todo'),
  /** A driver's own tasks (`mine`), the store's unassigned ones (`pool`), or both (default). */
  assigned: z.enum(['mine', 'pool', 'all']).default('all'),
  storeId: z.uuid().optional(),
  /** To do: due by the end of today; done: done today (business time zone). */
  today: bool,
});
export type DeliveryTaskQuery = z.input<typeof DeliveryTaskQuerySchema>;

/** A driver's day at a glance: today's runs to do and done, and the next one. */
export const DeliveryDaySchema = z.object({
  deliveries: z.object({ todo: z.number().int(), done: z.number().int() }),
  pickups: z.object({ todo: z.number().int(), done: z.number().int() }),
  next: DeliveryTaskSchema.nullable(),
});
export type DeliveryDay = z.infer<typeof DeliveryDaySchema>;

export const DriverSchema = z.object({ id: z.string(), name: z.string(), phone: z.string() });
export type Driver = z.infer<typeof DriverSchema>;

/** Store staff give a run to a driver of the store, or back to the pool (`null`). */
export const DeliveryAssignmentSchema = z.object({
  kind: z.enum(DELIVERY_TASK_KINDS),
  driverId: z.uuid().nullable(),
});
export type DeliveryAssignment = z.infer<typeof DeliveryAssignmentSchema>;

/** A driver takes a run from the store's open pool. */
export const DeliveryTakeSchema = z.object({ kind: z.enum(DELIVERY_TASK_KINDS) });

/**
 * The gear reached the customer. A driver at the door gives the photo of the hand-over and the
 * recipient's signature (both uploaded first); the store's staff confirming for a driver may
 * give only remarks.
 */
export const DeliveryConfirmSchema = z.object({
  remarks: multiLineText({ max: 200 }).default(''),
  photoFileId: z.uuid().optional(),
  signatureFileId: z.uuid().optional(),
  recipientName: singleLineText({ max: 50 }).default(''),
  /**
   * Items found damaged as they were handed over (a photo and remarks each, as at a pickup);
   * the items not named were handed over fine.
   */
  items: z
    .array(
      z.object({
        orderItemId: z.uuid(),
        condition: z.enum(['fine', 'damaged']),
        photoFileId: z.uuid().optional(),
        remarks: multiLineText({ max: 200 }).default(''),
      }),
    )
    .max(100)
    .default([])
    .superRefine((items, ctx) => {
      items.forEach((v, i) => {
        if (v.condition !== 'damaged') return;
        if (!v.photoFileId) {
          ctx.addIssue({
            code: 'custom',
            message: ValidationCode.PhotoRequired,
            path: [i, 'photoFileId'],
          });
        }
        if (!v.remarks.trim()) {
          ctx.addIssue({
            code: 'custom',
            message: ValidationCode.RemarksRequired,
            path: [i, 'remarks'],
          });
        }
      });
    }),
});
export type DeliveryConfirm = z.input<typeof DeliveryConfirmSchema>;

export const PICKUP_CONDITIONS = ['fine', 'damaged', 'lost'] as const;
export type PickupCondition = (typeof PICKUP_CONDITIONS)[number];

/**
 * A pickup at the door: every item still out, fine, damaged or lost. Damaged needs a photo and
 * remarks, lost needs remarks (what happened), so the store's check-in can charge it.
 */
export const PickupReportSchema = z.object({
  items: z
    .array(
      z
        .object({
          orderItemId: z.uuid(),
          condition: z.enum(PICKUP_CONDITIONS),
          photoFileId: z.uuid().optional(),
          remarks: multiLineText({ max: 200 }).default(''),
        })
        .superRefine((v, ctx) => {
          if (v.condition === 'damaged' && !v.photoFileId) {
            ctx.addIssue({
              code: 'custom',
              message: ValidationCode.PhotoRequired,
              path: ['photoFileId'],
            });
          }
          if (v.condition !== 'fine' && !v.remarks.trim()) {
            ctx.addIssue({
              code: 'custom',
              message: ValidationCode.RemarksRequired,
              path: ['remarks'],
            });
          }
        }),
    )
    .min(1)
    .max(100),
});
export type PickupReport = z.input<typeof PickupReportSchema>;
