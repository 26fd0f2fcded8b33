import type { BookingCartInput, Scheme } from '@snowgear/contracts';
import { storage, StorageKey } from '@/lib/storage';

/**
 * Booking plans saved on this phone by a visitor who has not signed in (spec §2: the customer
 * area needs no login; `/fa` and the plan list are public). They look like the account's plans,
 * with an id of their own (`local-…`), and join the account the first time the list is opened
 * signed in.
 */
export type LocalScheme = Scheme & { cart: BookingCartInput };

const PREFIX = 'local-';
/** A phone keeps a few plans; the oldest goes first. */
const KEPT = 20;

export const isLocalScheme = (id: string | null | undefined) => !!id && id.startsWith(PREFIX);

export function localSchemes(): LocalScheme[] {
  const saved = storage.getJson<unknown>(StorageKey.localSchemes);
  return Array.isArray(saved)
    ? saved.filter(
        (s): s is LocalScheme =>
          !!s &&
          typeof s === 'object' &&
          isLocalScheme((s as LocalScheme).id) &&
          typeof (s as LocalScheme).name === 'string' &&
          !!(s as LocalScheme).cart,
      )
    : [];
}

/** Saves a new plan on the phone, or changes the one with `id`; returns it. */
export function saveLocalScheme(
  id: string | null,
  plan: { name: string; cart: BookingCartInput; storeName: string; quote: number },
  now = new Date(),
): LocalScheme {
  const all = localSchemes();
  const before = id ? all.find((s) => s.id === id) : undefined;
  const saved: LocalScheme = {
    // (No crypto.randomUUID: a store's phone may open the app over plain http.)
    id:
      before?.id ??
      `${PREFIX}${now.getTime().toString(36)}${Math.random().toString(36).slice(2, 10)}`,
    name: plan.name,
    storeId: plan.cart.storeId,
    storeName: plan.storeName,
    cart: plan.cart,
    quote: plan.quote,
    createdAt: before?.createdAt ?? now.toISOString(),
    updatedAt: now.toISOString(),
  };
  storage.setJson(
    StorageKey.localSchemes,
    [saved, ...all.filter((s) => s.id !== saved.id)].slice(0, KEPT),
  );
  return saved;
}

export function forgetLocalScheme(id: string): void {
  storage.setJson(
    StorageKey.localSchemes,
    localSchemes().filter((s) => s.id !== id),
  );
}
