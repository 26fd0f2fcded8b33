import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RefundOnlineResult } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { ordersKey } from '@/features/orders/api/get-order';

/** Sends a refund bill back the way the money came (WeChat Pay or Alipay). */
export function useRefundOnline() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (billId: string) =>
      api.post<RefundOnlineResult>(
        `/app/payments/refund?billId=${encodeURIComponent(billId)}`,
        undefined,
        { silent: true },
      ),
    onSettled: () => client.invalidateQueries({ queryKey: ordersKey }),
  });
}
