import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ChangeStatus,
  EarlyReturn,
  StockIn,
  StockOut,
  StockResult,
} from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { equipmentKey } from './list-equipment';

export type StockOperation =
  | { kind: 'stockOut'; id: string; input: StockOut }
  | { kind: 'stockIn'; id: string; input: StockIn }
  | { kind: 'changeStatus'; id: string; input: ChangeStatus }
  | { kind: 'earlyReturn'; id: string; input: EarlyReturn };

export function runStockOperation(op: StockOperation): Promise<StockResult> {
  switch (op.kind) {
    case 'stockOut':
      return api.post<StockResult>(`/app/equipment/stock-out/${op.id}`, op.input, { silent: true });
    case 'stockIn':
      return api.post<StockResult>(`/app/equipment/stock-in/${op.id}`, op.input, { silent: true });
    case 'changeStatus':
      return api.post<StockResult>(`/app/equipment/change-status/${op.id}`, op.input, {
        silent: true,
      });
    case 'earlyReturn':
      return api.post<StockResult>(`/app/equipment/early-return/${op.id}`, op.input, {
        silent: true,
      });
  }
}

/** Every stock operation refreshes the lists and the item's details and history. */
export function useStockOperation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: runStockOperation,
    onSuccess: () => client.invalidateQueries({ queryKey: equipmentKey }),
  });
}
