import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { ordersKey } from './get-order';

/** The binding's release value the technician set on a line's skis. */
export function confirmDin(v: { orderId: string; itemId: string; setting: number }) {
  return api.post<Order>(
    `/app/orders/${encodeURIComponent(v.orderId)}/items/${encodeURIComponent(v.itemId)}/din`,
    { setting: v.setting },
    { silent: true },
  );
}

export function useConfirmDin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: confirmDin,
    onSuccess: () => client.invalidateQueries({ queryKey: ordersKey }),
  });
}
