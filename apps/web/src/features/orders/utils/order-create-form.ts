import {
  DeliveryMethod,
  ORDER_START_GRACE_MINUTES,
  OrderCreateSchema,
  ReturnMethod,
  type Equipment,
  type OrderCreate,
} from '@snowgear/contracts';
import { EMPTY_DRAFT, type OrderCreateDraft, type OrderCreateLine } from '@/features/offline';
import { rentalEnd } from '@/features/system-config';
import { isFreeOrderType } from './order-create-fees';

// The draft itself is kept by the offline queue's side (it clears a draft once sent).
export {
  EMPTY_DRAFT,
  clearOrderDraft,
  loadOrderDraft,
  saveOrderDraft,
  type OrderCreateDraft,
  type OrderCreateLine,
} from '@/features/offline';

export const lineOf = (gear: Equipment, scanned = false): OrderCreateLine => ({
  equipmentId: gear.id,
  name: gear.nameShown,
  barcodeNumber: gear.barcodeNumber,
  categoryName: gear.categoryName,
  dailyPrice: gear.dailyRentPrice,
  deposit: gear.deposit,
  ...(scanned ? { scanned } : {}),
});

// ---- checking and sending ----------------------------------------------------------------------

export type OrderCreateField =
  | 'customerName'
  | 'customerPhone'
  | 'rentalStartTime'
  | 'deliveryAddress'
  | 'returnAddress'
  | 'discount'
  | 'remarks'
  | 'items';

/** The reasons the contract gives; anything else reads as 'invalid' for its field. */
export type OrderCreateErrorCode =
  | 'CustomerNameRequired'
  | 'InvalidPhone'
  | 'DeliveryAddressRequired'
  | 'ReturnAddressRequired'
  | 'RentalEndBeforeStart'
  | 'RentalStartInPast'
  | 'ItemsRequired'
  | 'TooManyItems'
  | 'InvalidCharacters'
  | 'NothingVisible'
  | 'InvalidNumber'
  | 'DateOutOfRange'
  | 'TooManyDays'
  | 'AmountTooLarge'
  | 'invalid';

const KNOWN_CODES: readonly string[] = [
  'CustomerNameRequired',
  'InvalidPhone',
  'DeliveryAddressRequired',
  'ReturnAddressRequired',
  'RentalEndBeforeStart',
  'RentalStartInPast',
  'ItemsRequired',
  'TooManyItems',
  'InvalidCharacters',
  'NothingVisible',
  'InvalidNumber',
  'DateOutOfRange',
  'TooManyDays',
  'AmountTooLarge',
];

const FIELD_OF: Record<string, OrderCreateField> = {
  customerName: 'customerName',
  customerPhone: 'customerPhone',
  rentalStartTime: 'rentalStartTime',
  rentalEndTime: 'rentalStartTime',
  deliveryAddress: 'deliveryAddress',
  returnAddress: 'returnAddress',
  discount: 'discount',
  remarks: 'remarks',
  items: 'items',
};

export type OrderCreateErrors = Partial<Record<OrderCreateField, OrderCreateErrorCode>>;

/**
 * Problems by field, from the contract's issues or the server's validation errors (whose members
 * are paths such as 'customerPhone' or 'items.0.equipmentId'). Problems with no field of the
 * form are left out; the caller shows the server's message for those.
 */
export function fieldErrors(issues: { message: string; path: string }[]): OrderCreateErrors {
  const errors: OrderCreateErrors = {};
  for (const issue of issues) {
    const field = FIELD_OF[issue.path.split('.')[0] ?? ''];
    if (!field || errors[field]) continue;
    errors[field] = KNOWN_CODES.includes(issue.message)
      ? (issue.message as OrderCreateErrorCode)
      : 'invalid';
  }
  return errors;
}

const MONEY = /^\d{0,7}(\.\d{0,2})?$/;

/** The discount as typed: digits and at most two decimals, so it can never be negative. */
export function cleanDiscount(next: string, previous: string): string {
  const cleaned = next.replace(/[^\d.]/g, '');
  return MONEY.test(cleaned) ? cleaned : previous;
}

/** What goes to the server: addresses only with their method, a free order with no discount. */
export function toOrderInput(
  draft: OrderCreateDraft,
  context: { storeId: string; start: Date; days: number; end?: Date },
): OrderCreate {
  const discount = Number(draft.discount);
  return {
    storeId: context.storeId,
    orderType: draft.orderType,
    customerName: draft.customerName.trim(),
    customerPhone: draft.customerPhone.trim(),
    rentalStartTime: context.start.toISOString(),
    // Whole days of 24 hours, or a half day's end (the store's closing).
    rentalEndTime: (context.end ?? rentalEnd(context.start, context.days)).toISOString(),
    deliveryMethod: draft.deliveryMethod,
    deliveryAddress:
      draft.deliveryMethod === DeliveryMethod.Delivery ? draft.deliveryAddress.trim() : '',
    returnMethod: draft.returnMethod,
    returnAddress: draft.returnMethod === ReturnMethod.Pickup ? draft.returnAddress.trim() : '',
    discount:
      isFreeOrderType(draft.orderType) || !Number.isFinite(discount) ? 0 : Math.max(0, discount),
    ...(draft.discountReason.trim() && discount > 0
      ? { discountReason: draft.discountReason.trim() }
      : {}),
    remarks: draft.remarks.trim(),
    ...orderPeople(draft),
  };
}

/** The lines, each with its person, and the people who have a line. */
function orderPeople(draft: OrderCreateDraft): Pick<OrderCreate, 'items' | 'riders'> {
  const keys = new Set(draft.riders.map((r) => r.key));
  const personOf = (line: OrderCreateLine) =>
    line.riderKey && keys.has(line.riderKey) ? line.riderKey : null;
  const used = new Set(draft.items.map(personOf));
  const riders = draft.riders.filter((r) => used.has(r.key));
  return {
    items: draft.items.map((line) => {
      const riderKey = personOf(line);
      return {
        equipmentId: line.equipmentId,
        ...(line.scanned ? { scanned: true } : {}),
        ...(riderKey ? { riderKey } : {}),
      };
    }),
    ...(riders.length > 0 ? { riders } : {}),
  };
}

/**
 * The contract's own checks, by field, before anything is sent. An order is never backdated (the
 * server refuses it too), except by a super admin recording a rental that already happened (a
 * paper order from a day the system was down): `mayBackdate`.
 */
export function validateOrderInput(
  input: OrderCreate,
  now = Date.now(),
  mayBackdate = false,
): OrderCreateErrors {
  const past =
    !mayBackdate && Date.parse(input.rentalStartTime) < now - ORDER_START_GRACE_MINUTES * 60_000;
  const result = OrderCreateSchema.safeParse(input);
  const errors: OrderCreateErrors = result.success
    ? {}
    : fieldErrors(
        result.error.issues.map((issue) => ({
          message: issue.message,
          path: issue.path.map(String).join('.'),
        })),
      );
  if (past && !errors.rentalStartTime) errors.rentalStartTime = 'RentalStartInPast';
  return errors;
}

/** Whether anything was entered (an empty draft is not worth keeping). */
export function isDraftEmpty(draft: OrderCreateDraft): boolean {
  return (Object.keys(EMPTY_DRAFT) as (keyof OrderCreateDraft)[]).every(
    (key) => JSON.stringify(draft[key]) === JSON.stringify(EMPTY_DRAFT[key]),
  );
}
