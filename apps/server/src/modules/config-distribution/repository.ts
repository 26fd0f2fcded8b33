import { and, asc, eq } from 'drizzle-orm';
import type { Database, Transaction } from '@/db/client.js';
import { businessParameters, stores, systemSettings } from '@/db/schema.js';

type Executor = Database | Transaction;

export async function findSystemSettings(db: Executor, tenantId: string) {
  const rows = await db
    .select({ key: systemSettings.key, value: systemSettings.value })
    .from(systemSettings)
    .where(eq(systemSettings.tenantId, tenantId));
  return new Map(rows.map((r) => [r.key, r.value]));
}

export function findActiveStores(db: Executor, tenantId: string) {
  return db
    .select()
    .from(stores)
    .where(and(eq(stores.tenantId, tenantId), eq(stores.isActive, true)))
    .orderBy(asc(stores.sortOrder), asc(stores.name));
}

export function findBusinessParameters(db: Executor, tenantId: string) {
  return db
    .select({
      storeId: businessParameters.storeId,
      key: businessParameters.key,
      value: businessParameters.value,
    })
    .from(businessParameters)
    .where(eq(businessParameters.tenantId, tenantId))
    .orderBy(asc(businessParameters.key));
}
