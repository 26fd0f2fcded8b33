import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order, OrderWaiveLateFee } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { ordersKey } from './get-order';

/** A store manager waives an order's late fee, with the reason (managers only, server-checked). */
export function waiveLateFee(id: string, body: OrderWaiveLateFee) {
  return api.post<Order>(`/app/orders/${encodeURIComponent(id)}/waive-late-fee`, body, {
    silent: true,
  });
}

export function useWaiveLateFee() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; reason: string }) => waiveLateFee(v.id, { reason: v.reason }),
    onSuccess: () => client.invalidateQueries({ queryKey: ordersKey }),
  });
}
