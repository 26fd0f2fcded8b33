import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client.js';
import { preparedFor } from '@/db/prepared.js';
import { stores } from '@/db/schema.js';

const storeQuery = (db: Database) =>
  db
    .select({ id: stores.id, name: stores.name })
    .from(stores)
    .where(
      and(
        eq(stores.tenantId, sql.placeholder('tenantId')),
        eq(stores.id, sql.placeholder('storeId')),
      ),
    )
    .prepare('find_store');

/**
 * The tenant's store with this id, or undefined: every store id a caller sends is looked up in
 * their own tenant before it is used (a missing one is StoreNotFound, never a foreign-key error).
 */
export async function findStore(
  db: Database,
  tenantId: string,
  storeId: string,
): Promise<{ id: string; name: string } | undefined> {
  const [store] = await preparedFor(db, storeQuery).execute({ tenantId, storeId });
  return store;
}
