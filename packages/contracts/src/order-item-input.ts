import { z } from 'zod';
import { moneyInput } from './number-schemas.js';
import { singleLineText } from './text-schemas.js';
import { ValidationCode } from './validation-codes.js';

/**
 * One line of a new order: a specific item (its prices by default), or a kind to bind later — a
 * category, in a size where the category has size attributes (attribute id → value) — which holds
 * a free item of that kind for the rental window from the moment the order exists.
 */
export const OrderItemInputSchema = z
  .object({
    equipmentId: z.uuid().optional(),
    categoryId: z.uuid().optional(),
    size: z.record(z.uuid(), singleLineText({ max: 50 })).optional(),
    /** Overrides the item's daily rent (yuan). */
    dailyPrice: moneyInput().optional(),
    /** Overrides the item's deposit (yuan). */
    deposit: moneyInput().optional(),
    /**
     * The item was scanned at the counter (not picked from a search): when the rental starts now
     * it goes out with the order (counter-scan.ts), instead of being scanned again at handover.
     */
    scanned: z.boolean().optional(),
    /** A counter order: the person of `riders` this line is for (the key given there). */
    riderKey: z.string().max(36).optional(),
  })
  .refine((v) => v.equipmentId || v.categoryId, ValidationCode.EquipmentOrCategoryRequired);
export type OrderItemInput = z.infer<typeof OrderItemInputSchema>;
