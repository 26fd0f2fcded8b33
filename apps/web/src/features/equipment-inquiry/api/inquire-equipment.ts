import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EquipmentInquiry } from '@snowgear/contracts';
import { api } from '@/lib/api-client';

export const inquiryKey = ['equipment-inquiry'] as const;

/** One item by its serial number (the label's QR code): public details and true availability. */
export function inquireEquipment(sn: string) {
  return api.get<EquipmentInquiry>('/app/equipment/inquiry', { params: { sn }, silent: true });
}

export function equipmentInquiryQuery(sn: string) {
  return queryOptions({
    queryKey: [...inquiryKey, 'item', sn] as const,
    queryFn: () => inquireEquipment(sn),
  });
}

export function useEquipmentInquiry(sn: string) {
  return useQuery({ ...equipmentInquiryQuery(sn), enabled: sn.length > 0 });
}
