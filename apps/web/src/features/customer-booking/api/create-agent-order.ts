import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AgentOrderCreate, Order } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { bookingKey } from './get-booking-catalog';

/**
 * An agent books the cart for a customer: the order is the agent's and waits for the store to
 * confirm it (AgentBusiness.OrderCreate).
 */
export function useCreateAgentOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AgentOrderCreate) =>
      api.post<Order>('/app/agent/orders', input, { silent: true }),
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: bookingKey });
      // The agent's own lists and figures (features/agent) live under this key.
      await client.invalidateQueries({ queryKey: ['agent'] });
    },
  });
}
