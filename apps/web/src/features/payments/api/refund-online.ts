import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RefundOnlineResult } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { ordersKey } from '@/lib/query-keys';

/**
 * Sends a refund bill back the way the money came (WeChat Pay or Alipay); `check` only asks how
 * the refund already sent is doing, sending nothing new.
 */
export function useRefundOnline({ check = false }: { check?: boolean } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (billId: string) =>
      api.post<RefundOnlineResult>(
        `/app/payments/refund?billId=${encodeURIComponent(billId)}${check ? '&check=true' : ''}`,
        undefined,
        { silent: true },
      ),
    onSettled: () => client.invalidateQueries({ queryKey: ordersKey }),
  });
}
