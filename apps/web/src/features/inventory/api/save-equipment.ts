import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Equipment, EquipmentInput, EquipmentUpdate } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { equipmentKey } from './list-equipment';

export function useSaveEquipment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id?: string; input: EquipmentInput | EquipmentUpdate }) =>
      v.id
        ? api.put<Equipment>(`/app/equipment/${v.id}`, v.input, { silent: true })
        : api.post<Equipment>('/app/equipment', v.input, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: equipmentKey }),
  });
}
