import type { OrderQr } from '@snowgear/contracts';
import { storage, StorageKey } from '@/lib/storage';

/**
 * The order QR pages a phone showed last, kept in local storage: resort networks drop out, and the
 * counter needs the code whether or not the page can reach the server. A few orders are kept,
 * the most recently shown first.
 */
export interface SavedOrderQr {
  data: OrderQr;
  /** When it was fetched (ISO). */
  savedAt: string;
}

const KEPT = 10;

function all(): SavedOrderQr[] {
  const saved = storage.getJson<unknown>(StorageKey.savedOrderQrs);
  return Array.isArray(saved)
    ? saved.filter(
        (s): s is SavedOrderQr =>
          !!s &&
          typeof s === 'object' &&
          typeof (s as SavedOrderQr).savedAt === 'string' &&
          typeof (s as SavedOrderQr).data?.orderNumber === 'string',
      )
    : [];
}

/** Every code kept on this phone, the most recently shown first. */
export function savedOrderQrs(): SavedOrderQr[] {
  return all();
}

export function savedOrderQr(orderNumber: string): SavedOrderQr | null {
  return all().find((s) => s.data.orderNumber === orderNumber) ?? null;
}

export function saveOrderQr(data: OrderQr, savedAt = new Date()): void {
  const others = all().filter((s) => s.data.orderNumber !== data.orderNumber);
  storage.setJson(StorageKey.savedOrderQrs, [
    { data, savedAt: savedAt.toISOString() },
    ...others.slice(0, KEPT - 1),
  ]);
}

export function forgetOrderQr(orderNumber: string): void {
  storage.setJson(
    StorageKey.savedOrderQrs,
    all().filter((s) => s.data.orderNumber !== orderNumber),
  );
}
