import {
  DeliveryMethod,
  ORDER_START_GRACE_MINUTES,
  OrderType,
  ReturnMethod,
  type CounterRider,
} from '@snowgear/contracts';
import { drafts } from '@/lib/drafts';

// The counter's unsent new order (features/orders edits it in its order-create form): kept here,
// below the orders feature, because the offline queue clears it once the order it sent exists.

/** The counter's new order: what staff typed and the gear they added. */
export interface OrderCreateLine {
  equipmentId: string;
  name: string;
  barcodeNumber: string;
  categoryName: string;
  dailyPrice: number;
  deposit: number;
  /** Added by scanning the item itself (not from a search): it may go out with the order. */
  scanned?: boolean;
  /** The person of the order the item is for (a key of the draft's `riders`). */
  riderKey?: string | null;
}

export interface OrderCreateDraft {
  customerName: string;
  customerPhone: string;
  orderType: OrderType;
  /** ISO time; null follows the default start (it moves on while the page stays open). */
  start: string | null;
  /** null follows the store's default rental days. */
  days: number | null;
  /** Only the afternoon, back by closing (where the start is from the store's half-day start). */
  halfDay: boolean;
  deliveryMethod: DeliveryMethod;
  deliveryAddress: string;
  returnMethod: ReturnMethod;
  returnAddress: string;
  /** As typed (yuan). */
  discount: string;
  /** Why the discount is given (kept with it, and shown to a manager asked to approve it). */
  discountReason: string;
  remarks: string;
  items: OrderCreateLine[];
  /** The order's people (a group's members): lines point at them (order-riders.ts). */
  riders: CounterRider[];
  /** Working as a group: newly added gear goes to `activeRider`. */
  group: boolean;
  activeRider: string | null;
}

export const EMPTY_DRAFT: OrderCreateDraft = {
  customerName: '',
  customerPhone: '',
  orderType: OrderType.Normal,
  start: null,
  days: null,
  halfDay: false,
  deliveryMethod: DeliveryMethod.SelfPickup,
  deliveryAddress: '',
  returnMethod: ReturnMethod.SelfReturn,
  returnAddress: '',
  discount: '',
  discountReason: '',
  remarks: '',
  items: [],
  riders: [],
  group: false,
  activeRider: null,
};

/**
 * A half-built order is kept for 24 hours (lib/drafts.ts), per signed-in user so a colleague
 * signing in on the same phone starts afresh.
 */
const draftKey = (userId: string) => drafts.key('order-create', userId);

/**
 * The saved draft, with what an older one lacks filled in. A start already past (the draft was
 * left yesterday, or this morning) follows the default start again: an order is never backdated,
 * and the picker offers no past time.
 */
export function loadOrderDraft(userId: string, now = Date.now()): OrderCreateDraft | null {
  const saved = drafts.load<Partial<OrderCreateDraft>>(draftKey(userId), now)?.values;
  if (!saved || typeof saved !== 'object') return null;
  const start = saved.start;
  const upcoming =
    typeof start === 'string' &&
    !Number.isNaN(Date.parse(start)) &&
    Date.parse(start) >= now - ORDER_START_GRACE_MINUTES * 60_000;
  return {
    ...EMPTY_DRAFT,
    ...saved,
    start: upcoming ? start : null,
    items: Array.isArray(saved.items) ? saved.items.filter((i) => i?.equipmentId) : [],
    riders: Array.isArray(saved.riders) ? saved.riders : [],
  };
}

export function saveOrderDraft(userId: string, draft: OrderCreateDraft, now = Date.now()): void {
  drafts.save(draftKey(userId), draft, now);
}

export function clearOrderDraft(userId: string): void {
  drafts.clear(draftKey(userId));
}
