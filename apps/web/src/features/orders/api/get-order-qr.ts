import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderQr } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { ordersKey } from './get-order';

/** The order QR page's data (public: the share key, or the signed-in customer or staff). */
export function getOrderQr(orderNumber: string, key: string | null) {
  return api.get<OrderQr>(`/app/orders/qr/${encodeURIComponent(orderNumber)}`, {
    params: key ? { k: key } : {},
    silent: true,
  });
}

export function orderQrQuery(orderNumber: string, key: string | null) {
  return queryOptions({
    queryKey: [...ordersKey, 'qr', orderNumber, key] as const,
    queryFn: () => getOrderQr(orderNumber, key),
  });
}

export function useOrderQr(orderNumber: string, key: string | null) {
  return useQuery({ ...orderQrQuery(orderNumber, key), enabled: !!orderNumber });
}
