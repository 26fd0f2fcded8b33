import type { Equipment } from '@snowgear/contracts';
import { getOrderByNumber } from '@/features/orders';
import { getEquipmentByBarcode } from '@/features/inventory';
import { classifySmartScan } from '@/features/scanner';

/**
 * The order a driver's scan is about: an order number (the customer's order QR code), or an item
 * out on an order or held for one (loading the van); null when the code names neither.
 */
export async function orderOfScan(text: string, now = new Date()): Promise<string | null> {
  const target = classifySmartScan(text);
  try {
    if (target.kind === 'order') return (await getOrderByNumber(target.orderNumber)).id;
    if (target.kind !== 'equipment') return null;
    return orderOfItem(await getEquipmentByBarcode(target.barcode), now);
  } catch {
    return null;
  }
}

export function orderOfItem(
  item: Pick<Equipment, 'outOnOrder' | 'unavailableTimes'>,
  now: Date,
): string | null {
  if (item.outOnOrder) return item.outOnOrder.orderId;
  const held = item.unavailableTimes
    .filter((u) => u.orderId && new Date(u.endTime).getTime() > now.getTime())
    .sort((a, b) => a.startTime.localeCompare(b.startTime))[0];
  return held?.orderId ?? null;
}
