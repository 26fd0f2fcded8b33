import { queryOptions, useQuery } from '@tanstack/react-query';
import { ordersKey } from './get-order';
import { getOrderByNumber } from './get-order-by-number';

/** The booking a customer's QR code names (order create with `?orderNumber=`). */
export function bookingQuery(orderNumber: string) {
  return queryOptions({
    queryKey: [...ordersKey, 'by-number', orderNumber] as const,
    queryFn: () => getOrderByNumber(orderNumber),
    // A number that is no order stays that way: no retries on a weak network.
    retry: false,
  });
}

export function useBooking(orderNumber: string | null) {
  return useQuery({ ...bookingQuery(orderNumber ?? ''), enabled: !!orderNumber });
}
