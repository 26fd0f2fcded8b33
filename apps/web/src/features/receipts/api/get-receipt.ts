import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
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

/** `language`: the server words who confirmed a bill (by role) in the reader's language. */
export function receiptQuery(orderNumber: string, key: string | null, language: string) {
  return queryOptions({
    queryKey: ['orders', 'receipt', orderNumber, key, language] as const,
    queryFn: () => getReceipt(orderNumber, key),
  });
}

export function useReceipt(orderNumber: string, key: string | null) {
  const { i18n } = useTranslation();
  return useQuery({ ...receiptQuery(orderNumber, key, i18n.language), enabled: !!orderNumber });
}
