import { and, asc, count, desc, eq, ne, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '@/db/client.js';
import { riderProfiles, users } from '@/db/schema.js';

type Executor = Database | Transaction;
export type RiderRow = typeof riderProfiles.$inferSelect;
/** The columns a rider's owner writes. */
export type RiderValues = Pick<
  typeof riderProfiles.$inferInsert,
  | 'name'
  | 'isSelf'
  | 'heightCm'
  | 'weightKg'
  | 'birthYear'
  | 'ability'
  | 'bootSizeMondopointMm'
  | 'bootSoleLengthMm'
  | 'stance'
>;

/** Whose riders: one account of one tenant. */
export interface Owner {
  tenantId: string;
  ownerId: string;
}

function owned(owner: Owner, id?: string): SQL {
  return and(
    eq(riderProfiles.tenantId, owner.tenantId),
    eq(riderProfiles.ownerId, owner.ownerId),
    id === undefined ? undefined : eq(riderProfiles.id, id),
  )!;
}

/** The account holder first, then in the order they were added. */
export function listRiders(db: Executor, owner: Owner): Promise<RiderRow[]> {
  return db
    .select()
    .from(riderProfiles)
    .where(owned(owner))
    .orderBy(desc(riderProfiles.isSelf), asc(riderProfiles.createdAt), asc(riderProfiles.id));
}

/**
 * Holds the owner's row until the transaction ends, so one account's changes run one at a time
 * and the count limit and the single 'self' hold under concurrent requests.
 */
export async function lockOwner(tx: Transaction, owner: Owner) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, owner.ownerId)).for('update');
}

export async function countRiders(tx: Transaction, owner: Owner): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(riderProfiles).where(owned(owner));
  return row?.n ?? 0;
}

/** The account holder is one rider at most: the others stop being 'self'. */
export async function clearSelf(tx: Transaction, owner: Owner, keepId: string) {
  await tx
    .update(riderProfiles)
    .set({ isSelf: false })
    .where(and(owned(owner), eq(riderProfiles.isSelf, true), ne(riderProfiles.id, keepId)));
}

export async function insertRider(
  tx: Transaction,
  owner: Owner,
  values: RiderValues,
): Promise<RiderRow> {
  const [row] = await tx
    .insert(riderProfiles)
    .values({ ...values, tenantId: owner.tenantId, ownerId: owner.ownerId })
    .returning();
  return row!;
}

/** The updated rider, or undefined when the owner has no rider of that id. */
export async function updateRider(
  tx: Transaction,
  owner: Owner,
  id: string,
  values: RiderValues,
): Promise<RiderRow | undefined> {
  const [row] = await tx
    .update(riderProfiles)
    .set({ ...values, updatedAt: new Date() })
    .where(owned(owner, id))
    .returning();
  return row;
}

/** Whether the owner had a rider of that id (order lines keep their snapshot of it). */
export async function deleteRider(db: Executor, owner: Owner, id: string): Promise<boolean> {
  const rows = await db
    .delete(riderProfiles)
    .where(owned(owner, id))
    .returning({ id: riderProfiles.id });
  return rows.length > 0;
}
