import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShiftClose } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { financeKey } from './get-finance-summary';

/** The day and, for a super admin, the store of a shift close. */
export interface ShiftCloseFilters {
  date: string;
  storeId?: string;
}

export function shiftCloseParams(filters: ShiftCloseFilters) {
  return { date: filters.date, ...(filters.storeId ? { storeId: filters.storeId } : {}) };
}

export function getShiftClose(filters: ShiftCloseFilters) {
  return api.get<ShiftClose>('/app/finance/shift-close', {
    params: shiftCloseParams(filters),
    silent: true,
  });
}

export function shiftCloseQuery(filters: ShiftCloseFilters) {
  return queryOptions({
    queryKey: [...financeKey, 'shift-close', shiftCloseParams(filters)] as const,
    queryFn: () => getShiftClose(filters),
  });
}

/** Cash in and out per clerk on one business day at one store. */
export function useShiftClose(filters: ShiftCloseFilters) {
  return useQuery(shiftCloseQuery(filters));
}
