import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { ordersKey } from '@/lib/query-keys';

/** Picked gear bound to an order's open lines (and locked for its window). */
export function useBindGear() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { orderId: string; barcodes: string[] }) =>
      api.post<Order>(
        `/app/orders/${encodeURIComponent(v.orderId)}/bind`,
        { barcodes: v.barcodes },
        { silent: true },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: ordersKey }),
  });
}
