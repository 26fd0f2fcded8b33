import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client.js';
import { preparedFor } from '@/db/prepared.js';
import { stores } from '@/db/schema.js';
import { inLanguage } from './english.js';

const storeQuery = (db: Database) =>
  db
    .select({ id: stores.id, name: stores.name, nameEn: stores.nameEn })
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
 * Its name is the English one for an `english` reader where the business gave one.
 */
export async function findStore(
  db: Database,
  tenantId: string,
  storeId: string,
  english = false,
): Promise<{ id: string; name: string } | undefined> {
  const [store] = await preparedFor(db, storeQuery).execute({ tenantId, storeId });
  return store && { id: store.id, name: inLanguage(english, store.name, store.nameEn) };
}
