import { useQuery } from '@tanstack/react-query';
import type { EquipmentInquiry } from '@snowgear/contracts';
import { api } from '@/lib/api-client';

export function useEquipmentInquiry(sn: string) {
  return useQuery({
    queryKey: ['equipment-inquiry', sn] as const,
    queryFn: () =>
      api.get<EquipmentInquiry>('/app/equipment/inquiry', { params: { sn }, silent: true }),
    enabled: sn.length > 0,
  });
}
