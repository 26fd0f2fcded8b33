import type { Equipment } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { recallEquipment, rememberEquipment, isNoAnswer } from '@/features/offline';

/**
 * One item by its barcode (scans, labels, keyboard-wedge scanners). Without network, the item
 * as this phone last saw it (`rememberedAt` tells when), so the counter can go on scanning.
 */
export async function getEquipmentByBarcode(barcodeNumber: string): Promise<Equipment> {
  try {
    const item = await api.get<Equipment>('/app/equipment/by-barcode', {
      params: { barcodeNumber },
      silent: true,
    });
    void rememberEquipment([item]);
    return item;
  } catch (err) {
    const known = isNoAnswer(err) ? await recallEquipment(barcodeNumber) : null;
    if (known) return known;
    throw err;
  }
}
