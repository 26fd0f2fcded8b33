import { api } from '@/lib/api-client';

/** The fields a scan needs to open an order (the full order comes with the order pages). */
export interface OrderReference {
  id: string;
  orderNumber: string;
}

/** An order by its 12-digit number (smart scan of a printed order number). */
export function getOrderByNumber(orderNumber: string) {
  return api.get<OrderReference>(`/app/orders/by-number/${encodeURIComponent(orderNumber)}`, {
    silent: true,
  });
}
