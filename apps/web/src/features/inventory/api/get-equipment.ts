import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Equipment } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { recallEquipmentById, rememberEquipment, isNoAnswer } from '@/features/offline';
import { equipmentKey } from './list-equipment';

/** One item; without network, the item as this phone last saw it (see `rememberedAt`). */
export async function getEquipment(id: string): Promise<Equipment> {
  try {
    const item = await api.get<Equipment>(`/app/equipment/${id}`, { silent: true });
    void rememberEquipment([item]);
    return item;
  } catch (err) {
    const known = isNoAnswer(err) ? await recallEquipmentById(id) : null;
    if (known) return known;
    throw err;
  }
}

export function equipmentQuery(id: string) {
  return queryOptions({
    queryKey: [...equipmentKey, 'detail', id] as const,
    queryFn: () => getEquipment(id),
    // Offline too: the phone's memory answers (react-query would pause it unseen).
    networkMode: 'always',
    retry: (failures, error) => !isNoAnswer(error) && failures < 2,
  });
}

export function useEquipment(id: string | null) {
  return useQuery({ ...equipmentQuery(id ?? ''), enabled: !!id });
}
