import { and, eq } from 'drizzle-orm';
import type { Database } from '@/db/client.js';
import { stores } from '@/db/schema.js';

/**
 * The tenant's store with this id, or undefined: every store id a caller sends is looked up in
 * their own tenant before it is used (a missing one is StoreNotFound, never a foreign-key error).
 */
export async function findStore(
  db: Database,
  tenantId: string,
  storeId: string,
): Promise<{ id: string; name: string } | undefined> {
  const [store] = await db
    .select({ id: stores.id, name: stores.name })
    .from(stores)
    .where(and(eq(stores.tenantId, tenantId), eq(stores.id, storeId)));
  return store;
}
