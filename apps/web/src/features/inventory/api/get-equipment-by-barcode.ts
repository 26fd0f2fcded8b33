import type { Equipment } from '@snowgear/contracts';
import { api } from '@/lib/api-client';

/** One item by its barcode (scans, labels, keyboard-wedge scanners). */
export function getEquipmentByBarcode(barcodeNumber: string) {
  return api.get<Equipment>('/app/equipment/by-barcode', {
    params: { barcodeNumber },
    silent: true,
  });
}
