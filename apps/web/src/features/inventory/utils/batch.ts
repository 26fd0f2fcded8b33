import { EquipmentStatus, type Equipment } from '@snowgear/contracts';

export type BatchMode = 'checkOut' | 'checkIn';

/** Why a scanned item cannot join a batch of this kind (the server would refuse it the same). */
export type BatchProblem = 'notInStock' | 'inStock' | 'onOrder';

/**
 * Check-out takes gear in stock only; check-in takes gear out, damaged, lost, in transfer or
 * scrapped, except gear out on an active order, which comes back through that order's return.
 */
export function batchProblem(
  gear: Pick<Equipment, 'status' | 'outOnOrder'>,
  mode: BatchMode,
): BatchProblem | null {
  if (mode === 'checkOut') return gear.status === EquipmentStatus.Available ? null : 'notInStock';
  if (gear.status === EquipmentStatus.Available) return 'inStock';
  if (gear.outOnOrder) return 'onOrder';
  return null;
}
