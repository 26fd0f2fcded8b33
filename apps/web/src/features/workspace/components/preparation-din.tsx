import { DinLines, useOrder } from '@/features/orders';

/**
 * An order's skis to set at the bench, under its card in the preparation list. The list holds
 * summaries only, so each order's lines are read (and kept for its pick-gear panel).
 */
export function PreparationDin({ orderId }: { orderId: string }) {
  const order = useOrder(orderId);
  return order.data ? <DinLines order={order.data} /> : null;
}
