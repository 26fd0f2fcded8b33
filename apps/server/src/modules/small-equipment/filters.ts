import { and, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { SmallEquipmentQuerySchema } from '@snowgear/contracts';
import type { z } from 'zod';
import { smallEquipmentStock } from '@/db/schema.js';
import { likePattern } from '@/lib/paging.js';

/** Running low: at or below the stock's own threshold. */
export const runningLow = sql`${smallEquipmentStock.quantity} <= ${smallEquipmentStock.lowStockThreshold}`;

/** The small-equipment list's filters as SQL (the list and the store dashboard's figure share it). */
export function smallEquipmentWhere(
  tenantId: string,
  q: Pick<z.output<typeof SmallEquipmentQuerySchema>, 'storeId' | 'keyword' | 'low'>,
): SQL | undefined {
  return and(
    eq(smallEquipmentStock.tenantId, tenantId),
    q.storeId ? eq(smallEquipmentStock.storeId, q.storeId) : undefined,
    // Found by either language's name.
    q.keyword
      ? or(
          ilike(smallEquipmentStock.name, likePattern(q.keyword)),
          ilike(smallEquipmentStock.nameEn, likePattern(q.keyword)),
        )
      : undefined,
    q.low === undefined ? undefined : q.low ? runningLow : sql`not (${runningLow})`,
  );
}
