import type { Equipment } from '@snowgear/contracts';
import { offlineDb } from './offline-db';

/** Items remembered at most this long: older states are no guide at a counter. */
export const REMEMBER_MS = 7 * 24 * 3600 * 1000;

/** Items read back from the phone's memory, with when they were last seen from the server. */
const recalled = new WeakMap<Equipment, number>();

/** When the server last showed this item, if it comes from the phone's memory (offline). */
export function rememberedAt(item: Equipment): number | undefined {
  return recalled.get(item);
}

/** Keeps the items just read from the server, by barcode, for scans without network. */
export async function rememberEquipment(items: Equipment[], now = Date.now()): Promise<void> {
  if (items.length === 0) return;
  try {
    const db = await offlineDb();
    const tx = db.transaction('equipment', 'readwrite');
    await Promise.all([
      ...items.map((equipment) =>
        tx.store.put({ barcode: equipment.barcodeNumber, equipment, savedAt: now }),
      ),
      tx.done,
    ]);
  } catch {
    // No IndexedDB (private mode, storage full): scans simply need the network.
  }
}

/** The item of a barcode as last seen, or null when this phone has not seen it lately. */
export async function recallEquipment(
  barcode: string,
  now = Date.now(),
): Promise<Equipment | null> {
  try {
    const found = await (await offlineDb()).get('equipment', barcode);
    if (!found || now - found.savedAt > REMEMBER_MS) return null;
    recalled.set(found.equipment, found.savedAt);
    return found.equipment;
  } catch {
    return null;
  }
}

/** The item of an id as last seen (a dialog opened offline), or null. */
export async function recallEquipmentById(id: string, now = Date.now()): Promise<Equipment | null> {
  try {
    const found = await (await offlineDb()).getFromIndex('equipment', 'id', id);
    if (!found || now - found.savedAt > REMEMBER_MS) return null;
    recalled.set(found.equipment, found.savedAt);
    return found.equipment;
  } catch {
    return null;
  }
}

/**
 * What a queued operation will make of items, remembered now, so the next scan offline sees it
 * (an item checked out offline may be checked back in offline). The time seen stays as it was.
 */
export async function rememberChange(ids: string[], change: Partial<Equipment>): Promise<void> {
  try {
    const db = await offlineDb();
    const tx = db.transaction('equipment', 'readwrite');
    let cursor = await tx.store.openCursor();
    while (cursor) {
      if (ids.includes(cursor.value.equipment.id)) {
        await cursor.update({
          ...cursor.value,
          equipment: { ...cursor.value.equipment, ...change },
        });
      }
      cursor = await cursor.continue();
    }
    await tx.done;
  } catch {
    // as above
  }
}
