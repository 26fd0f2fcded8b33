import { and, eq, isNull, or } from 'drizzle-orm';
import type { BusinessParameterKey } from '@snowgear/contracts';
import type { Database, Transaction } from '@/db/client.js';
import { businessParameters } from '@/db/schema.js';

/**
 * A `SnowGearSmartStore.Business.*` value for a store (spec §5): the store's value wins over the
 * global one unless it is empty or blank. Null when neither is set.
 */
export async function businessParameter(
  db: Database | Transaction,
  tenantId: string,
  storeId: string,
  key: BusinessParameterKey,
): Promise<string | null> {
  const rows = await db
    .select({ storeId: businessParameters.storeId, value: businessParameters.value })
    .from(businessParameters)
    .where(
      and(
        eq(businessParameters.tenantId, tenantId),
        eq(businessParameters.key, key),
        or(isNull(businessParameters.storeId), eq(businessParameters.storeId, storeId)),
      ),
    );
  return chooseParameter(rows, storeId);
}

/** The store's value among a key's rows (the store's and the global one) by the rule above. */
export function chooseParameter(
  rows: { storeId: string | null; value: string }[],
  storeId: string,
): string | null {
  const own = rows.find((r) => r.storeId === storeId)?.value;
  if (own?.trim()) return own.trim();
  return rows.find((r) => r.storeId === null)?.value.trim() ?? null;
}
