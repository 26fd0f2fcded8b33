import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Equipment } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { equipmentKey } from './list-equipment';

export function getEquipment(id: string) {
  return api.get<Equipment>(`/app/equipment/${id}`, { silent: true });
}

export function equipmentQuery(id: string) {
  return queryOptions({
    queryKey: [...equipmentKey, 'detail', id] as const,
    queryFn: () => getEquipment(id),
  });
}

export function useEquipment(id: string | null) {
  return useQuery({ ...equipmentQuery(id ?? ''), enabled: !!id });
}
