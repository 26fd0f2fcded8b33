import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MyOrderExtend, Order, SelfReturn } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { ordersKey, paymentsKey } from '@/lib/query-keys';

const path = (id: string, action: string) => `/app/my-orders/${encodeURIComponent(id)}/${action}`;

export function cancelMyOrder(id: string, reason = '') {
  return api.post<Order>(path(id, 'cancel'), { reason }, { silent: true });
}

export function extendMyOrder(id: string, input: MyOrderExtend) {
  return api.post<Order>(path(id, 'extend'), input, { silent: true });
}

export function submitSelfReturn(id: string, input: SelfReturn) {
  return api.post<Order>(path(id, 'self-return'), input, { silent: true });
}

/** Each action answers with the order as it now is: the detail shows it, the lists reload. */
function useOrderMutation<V>(call: (id: string, input: V) => Promise<Order>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: V }) => call(id, input),
    onSuccess: (order) => {
      client.setQueryData([...ordersKey, 'detail', order.id], order);
      void client.invalidateQueries({ queryKey: ordersKey });
      // What is due changed (an extension to pay): the payment page must not show the old.
      client.removeQueries({ queryKey: paymentsKey });
    },
  });
}

export const useCancelMyOrder = () => useOrderMutation<string>(cancelMyOrder);
export const useExtendMyOrder = () => useOrderMutation<MyOrderExtend>(extendMyOrder);
export const useSubmitSelfReturn = () => useOrderMutation<SelfReturn>(submitSelfReturn);
