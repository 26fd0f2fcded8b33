import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { ordersKey, paymentsKey } from '@/lib/query-keys';

/**
 * Cash on delivery (货到付款): an unpaid delivery order waits for delivery with its payment open,
 * collected by the driver at the door. The server refuses it where the store does not take it.
 */
export function usePayAtDoor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) =>
      api.post<Order>(`/app/orders/${encodeURIComponent(orderId)}/pay-at-door`, undefined, {
        silent: true,
      }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ordersKey });
      await client.invalidateQueries({ queryKey: paymentsKey });
    },
  });
}
