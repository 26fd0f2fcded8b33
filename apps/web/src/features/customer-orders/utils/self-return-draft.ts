import { drafts } from '@/lib/drafts';

/** How one item was checked, and its photo as uploaded (the picture itself is never kept here). */
export interface SelfReturnItemDraft {
  check: 'scanned' | 'ticked' | null;
  barcode: string;
  photo: { id: string; expiresAt: string | null } | null;
}

/** A self-return not yet handed in: kept 24 hours per customer and order (lib/drafts.ts). */
export interface SelfReturnDraft {
  items: Record<string, SelfReturnItemDraft>;
  method: string;
  address: string;
}

/**
 * Photos go up as temporary files the server lets go after a day; one that lapses within the
 * hour is taken again rather than failing the hand-in.
 */
const PHOTO_MARGIN_MS = 60 * 60 * 1000;

const keyOf = (userId: string, orderId: string) => drafts.key('self-return', userId, orderId);

function itemOf(raw: unknown, now: number): SelfReturnItemDraft {
  const item = (raw ?? {}) as Partial<SelfReturnItemDraft>;
  const photo = item.photo;
  const expiresAt = typeof photo?.expiresAt === 'string' ? photo.expiresAt : null;
  const usable = expiresAt === null || Date.parse(expiresAt) - now > PHOTO_MARGIN_MS;
  return {
    check: item.check === 'scanned' || item.check === 'ticked' ? item.check : null,
    barcode: typeof item.barcode === 'string' ? item.barcode : '',
    photo: typeof photo?.id === 'string' && usable ? { id: photo.id, expiresAt } : null,
  };
}

/** The saved self-return of this order, or null; what it lacks or got wrong is left blank. */
export function loadSelfReturnDraft(
  userId: string,
  orderId: string,
  now = Date.now(),
): SelfReturnDraft | null {
  const saved = drafts.load<Partial<SelfReturnDraft>>(keyOf(userId, orderId), now)?.values;
  if (!saved || typeof saved !== 'object') return null;
  const items = saved.items && typeof saved.items === 'object' ? saved.items : {};
  return {
    items: Object.fromEntries(Object.entries(items).map(([id, raw]) => [id, itemOf(raw, now)])),
    method: typeof saved.method === 'string' ? saved.method : '',
    address: typeof saved.address === 'string' ? saved.address : '',
  };
}

export function saveSelfReturnDraft(
  userId: string,
  orderId: string,
  draft: SelfReturnDraft,
  now = Date.now(),
): void {
  drafts.save(keyOf(userId, orderId), draft, now);
}

export function clearSelfReturnDraft(userId: string, orderId: string): void {
  drafts.clear(keyOf(userId, orderId));
}
