import type { Order } from '@snowgear/contracts';
import { api } from '@/lib/api-client';

/** An order by its 12-digit number (smart scan of a printed order number or QR). */
export function getOrderByNumber(orderNumber: string) {
  return api.get<Order>(`/app/orders/by-number/${encodeURIComponent(orderNumber)}`, {
    silent: true,
  });
}
