import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BatchStockIn, BatchStockOut, BatchStockResult } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { equipmentKey } from './list-equipment';

export type BatchStockOperation =
  { kind: 'checkOut'; input: BatchStockOut } | { kind: 'checkIn'; input: BatchStockIn };

/** Batch mode: every scanned item out (or in) in one request; the answer says how each went. */
export function useBatchStock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (op: BatchStockOperation) =>
      api.post<BatchStockResult>(
        op.kind === 'checkOut' ? '/app/equipment/batch-stock-out' : '/app/equipment/batch-stock-in',
        op.input,
        { silent: true },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: equipmentKey }),
  });
}
