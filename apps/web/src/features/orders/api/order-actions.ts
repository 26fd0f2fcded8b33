import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order, PaymentStatus } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { equipmentKey } from '@/features/inventory/api/list-equipment';
import { ordersKey } from './get-order';

/** Cash in hand for a bill (the server records it once however often it is confirmed). */
export function useConfirmCash() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (billId: string) =>
      api.post<PaymentStatus>(
        `/app/orders/confirm-cash-received?billId=${encodeURIComponent(billId)}`,
        undefined,
        { silent: true },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: ordersKey }),
  });
}

/** Cancels an order that has not started; its gear is free again. */
export function useCancelOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; reason: string }) =>
      api.post<Order>(
        `/app/orders/${encodeURIComponent(v.id)}/cancel`,
        { reason: v.reason },
        { silent: true },
      ),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ordersKey });
      await client.invalidateQueries({ queryKey: equipmentKey });
    },
  });
}
