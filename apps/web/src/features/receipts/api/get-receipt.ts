import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Receipt } from '@snowgear/contracts';
import { api } from '@/lib/api-client';

/**
 * An order's receipt by its number, as the QR page is given: the share key, or the signed-in
 * customer or staff. Kept under the orders' key, so whatever refreshes an order refreshes it.
 */
export function getReceipt(orderNumber: string, key: string | null) {
  return api.get<Receipt>(`/app/orders/qr/${encodeURIComponent(orderNumber)}/receipt`, {
    params: key ? { k: key } : {},
    silent: true,
  });
}

export function receiptQuery(orderNumber: string, key: string | null) {
  return queryOptions({
    queryKey: ['orders', 'receipt', orderNumber, key] as const,
    queryFn: () => getReceipt(orderNumber, key),
  });
}

export function useReceipt(orderNumber: string, key: string | null) {
  return useQuery({ ...receiptQuery(orderNumber, key), enabled: !!orderNumber });
}
