import { create } from 'zustand';
import {
  DeliveryMethod,
  ReturnMethod,
  type BookingCartInput,
  type CartLine,
  type CartRider,
} from '@snowgear/contracts';
import { storage, StorageKey } from '@/lib/storage';

/**
 * The booking being put together (spec §2 customer order-create). It is kept in local storage
 * at every change, so signing in at submit, a reload, WeChat's sign-in round trip or a dropped
 * network never loses what the customer entered.
 */
export interface BookingDraft {
  /** YYYY-MM-DD; null follows the default start day. */
  startDate: string | null;
  /** null follows the store's default rental days. */
  days: number | null;
  deliveryMethod: DeliveryMethod;
  deliveryAddress: string;
  returnMethod: ReturnMethod;
  returnAddress: string;
  riders: CartRider[];
  lines: CartLine[];
  /** The agreement version the customer accepted (cleared when the agreement changes). */
  acceptedAgreement: string | null;
  remarks: string;
  /** The customer's scheme this booking was opened from or saved as: saving again changes it. */
  schemeId: string | null;
  schemeName: string;
  /** An agent's booking: who put it together, and the customer it is for. */
  ownerId: string | null;
  customerName: string;
  customerPhone: string;
}

export const EMPTY_BOOKING: BookingDraft = {
  startDate: null,
  days: null,
  deliveryMethod: DeliveryMethod.SelfPickup,
  deliveryAddress: '',
  returnMethod: ReturnMethod.SelfReturn,
  returnAddress: '',
  riders: [],
  lines: [],
  acceptedAgreement: null,
  remarks: '',
  schemeId: null,
  schemeName: '',
  ownerId: null,
  customerName: '',
  customerPhone: '',
};

function restore(key: StorageKey): BookingDraft {
  try {
    const saved = JSON.parse(storage.get(key) ?? 'null') as Partial<BookingDraft> | null;
    return saved && typeof saved === 'object' ? { ...EMPTY_BOOKING, ...saved } : EMPTY_BOOKING;
  } catch {
    return EMPTY_BOOKING;
  }
}

interface BookingCartState extends BookingDraft {
  update: (changes: Partial<BookingDraft>) => void;
  saveRider: (rider: CartRider) => void;
  removeRider: (key: string) => void;
  addLine: (line: CartLine) => void;
  removeLine: (index: number) => void;
  clear: () => void;
}

const pick = (s: BookingCartState): BookingDraft => ({
  startDate: s.startDate,
  days: s.days,
  deliveryMethod: s.deliveryMethod,
  deliveryAddress: s.deliveryAddress,
  returnMethod: s.returnMethod,
  returnAddress: s.returnAddress,
  riders: s.riders,
  lines: s.lines,
  acceptedAgreement: s.acceptedAgreement,
  remarks: s.remarks,
  schemeId: s.schemeId,
  schemeName: s.schemeName,
  ownerId: s.ownerId,
  customerName: s.customerName,
  customerPhone: s.customerPhone,
});

/** A cart kept under its own storage key: the customer's booking, or an agent's for a customer. */
function createBookingCart(key: StorageKey) {
  const useCart = create<BookingCartState>()((set) => ({
    ...restore(key),
    update: (changes) => set(changes),
    saveRider: (rider) =>
      set((s) => ({
        riders: s.riders.some((r) => r.key === rider.key)
          ? s.riders.map((r) => (r.key === rider.key ? rider : r))
          : [...s.riders, rider],
      })),
    // The rider's gear goes too: every line belongs to a rider.
    removeRider: (key) =>
      set((s) => ({
        riders: s.riders.filter((r) => r.key !== key),
        lines: s.lines.filter((l) => l.riderKey !== key),
      })),
    addLine: (line) => set((s) => ({ lines: [...s.lines, line] })),
    removeLine: (index) => set((s) => ({ lines: s.lines.filter((_, i) => i !== index) })),
    clear: () => set(EMPTY_BOOKING),
  }));
  useCart.subscribe((state) => {
    storage.set(key, JSON.stringify(pick(state)));
  });
  return useCart;
}

export type BookingCartStore = ReturnType<typeof createBookingCart>;
/** The customer's own booking. */
export const useBookingCart = createBookingCart(StorageKey.bookingCart);
/** What an agent is booking for a customer, kept apart from any booking of their own. */
export const useAgentBookingCart = createBookingCart(StorageKey.agentBookingCart);

/** A fresh key for a rider of the cart. */
export function newRiderKey(): string {
  return `r${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** The cart as the server takes it. */
export function toCart(
  draft: BookingDraft,
  storeId: string,
  rentalStartTime: Date,
  days: number,
): BookingCartInput {
  return {
    storeId,
    rentalStartTime: rentalStartTime.toISOString(),
    days,
    deliveryMethod: draft.deliveryMethod,
    deliveryAddress: draft.deliveryMethod === DeliveryMethod.Delivery ? draft.deliveryAddress : '',
    returnMethod: draft.returnMethod,
    returnAddress: draft.returnMethod === ReturnMethod.Pickup ? draft.returnAddress : '',
    riders: draft.riders,
    lines: draft.lines,
  };
}
