import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookingCreate, Order } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { bookingKey } from './get-booking-catalog';

/** Books the cart for the signed-in customer: an Online order waiting for payment. */
export function useCreateBooking() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: BookingCreate) =>
      api.post<Order>('/app/booking/orders', input, { silent: true }),
    onSettled: () => client.invalidateQueries({ queryKey: bookingKey }),
  });
}
