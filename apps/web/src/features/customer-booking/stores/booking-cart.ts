import { create } from 'zustand';
import {
  DeliveryMethod,
  ReturnMethod,
  type BookingCartInput,
  type CartLine,
  type CartRider,
} from '@snowgear/contracts';
import { DRAFT_TTL_MS, drafts } from '@/lib/drafts';
import { StorageKey } from '@/lib/storage';

/**
 * The booking being put together (spec §2 customer order-create). It is kept as a draft at every
 * change (lib/drafts.ts: 24 hours on this phone), so signing in at submit, a reload, WeChat's
 * sign-in round trip, a dropped network or coming back later the same day never loses what the
 * customer entered. No payment data is ever part of it.
 */
export interface BookingDraft {
  /** YYYY-MM-DD; null follows the default start day. */
  startDate: string | null;
  /** HH:mm of the pick-up time or the delivery window's start; null: the first one to come. */
  startTime: string | null;
  /** null follows the store's default rental days. */
  days: number | null;
  /**
   * Only the afternoon, back by closing: taken where the store prices half days and the start is
   * from its afternoon on (else the days count).
   */
  halfDay: boolean;
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
  /**
   * Whose booking it is: the signed-in customer (null while nobody is signed in: whoever signs in
   * to submit takes it over), or the agent putting it together for a customer.
   */
  ownerId: string | null;
  customerName: string;
  customerPhone: string;
}

export const EMPTY_BOOKING: BookingDraft = {
  startDate: null,
  startTime: null,
  days: null,
  halfDay: false,
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

const DRAFT_FIELDS = Object.keys(EMPTY_BOOKING) as (keyof BookingDraft)[];

/** Whether the customer entered anything (whose it is does not count). */
export function isBookingEmpty(draft: BookingDraft): boolean {
  return DRAFT_FIELDS.every(
    (key) => key === 'ownerId' || JSON.stringify(draft[key]) === JSON.stringify(EMPTY_BOOKING[key]),
  );
}

interface BookingCartState extends BookingDraft {
  /** The booking was brought back from an earlier visit and not yet acknowledged. */
  restored: boolean;
  update: (changes: Partial<BookingDraft>) => void;
  saveRider: (rider: CartRider) => void;
  removeRider: (key: string) => void;
  addLine: (line: CartLine) => void;
  removeLine: (index: number) => void;
  /** Starts afresh, for `ownerId` (by default nobody's). */
  clear: (ownerId?: string | null) => void;
  /** Puts another booking in its place (a saved scheme opened). */
  replace: (draft: BookingDraft) => void;
  dismissRestored: () => void;
  /** Reads the draft kept on this phone again, as a reload does. */
  rehydrate: (now?: number) => void;
  /** Starts afresh once the booking was left untouched for a day (a page kept open overnight). */
  expire: (now?: number) => void;
}

const pick = (s: BookingDraft): BookingDraft =>
  Object.fromEntries(DRAFT_FIELDS.map((key) => [key, s[key]])) as unknown as BookingDraft;

/** A cart kept as its own draft: the customer's booking, or an agent's for a customer. */
function createBookingCart(key: StorageKey) {
  // When the booking last changed, to let it go after a day even if the page stays open.
  let savedAt: number | null = null;
  // Reading the draft back is no change: it keeps the time it was saved.
  let reading = false;
  const useCart = create<BookingCartState>()((set) => ({
    ...EMPTY_BOOKING,
    restored: false,
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
    clear: (ownerId = null) => set({ ...EMPTY_BOOKING, ownerId, restored: false }),
    replace: (draft) => set({ ...EMPTY_BOOKING, ...pick(draft), restored: false }),
    dismissRestored: () => set({ restored: false }),
    rehydrate: (now = Date.now()) => {
      const saved = drafts.load<Partial<BookingDraft>>(key, now);
      const draft = pick({ ...EMPTY_BOOKING, ...saved?.values });
      // A draft from an older version of the page may lack a list (or hold something else).
      if (!Array.isArray(draft.riders)) draft.riders = [];
      if (!Array.isArray(draft.lines)) draft.lines = [];
      reading = true;
      set({ ...draft, restored: !isBookingEmpty(draft) });
      reading = false;
      savedAt = saved?.savedAt ?? null;
    },
    expire: (now = Date.now()) => {
      if (savedAt !== null && now - savedAt > DRAFT_TTL_MS) {
        useCart.getState().clear(useCart.getState().ownerId);
      }
    },
  }));
  useCart.subscribe((state, prev) => {
    if (reading || DRAFT_FIELDS.every((field) => state[field] === prev[field])) return;
    const draft = pick(state);
    if (isBookingEmpty(draft)) {
      savedAt = null;
      drafts.clear(key);
    } else {
      savedAt = Date.now();
      drafts.save(key, draft, savedAt);
    }
  });
  useCart.getState().rehydrate();
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
  halfDay = false,
): BookingCartInput {
  return {
    storeId,
    rentalStartTime: rentalStartTime.toISOString(),
    days: halfDay ? 1 : days,
    halfDay,
    deliveryMethod: draft.deliveryMethod,
    deliveryAddress: draft.deliveryMethod === DeliveryMethod.Delivery ? draft.deliveryAddress : '',
    returnMethod: draft.returnMethod,
    returnAddress: draft.returnMethod === ReturnMethod.Pickup ? draft.returnAddress : '',
    riders: draft.riders,
    lines: draft.lines,
  };
}
