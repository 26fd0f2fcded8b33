import { and, count, desc, eq, ne, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '@/db/client.js';
import { customerAddresses, users } from '@/db/schema.js';

type Executor = Database | Transaction;
export type AddressRow = typeof customerAddresses.$inferSelect;
/** The columns the customer writes. */
export type AddressValues = Pick<typeof customerAddresses.$inferInsert, 'label' | 'address'>;

/** Whose addresses: one account of one tenant. */
export interface Owner {
  tenantId: string;
  userId: string;
}

function owned(owner: Owner, id?: string): SQL {
  return and(
    eq(customerAddresses.tenantId, owner.tenantId),
    eq(customerAddresses.userId, owner.userId),
    id === undefined ? undefined : eq(customerAddresses.id, id),
  )!;
}

/** Newest first (the id settles rows written in the same instant). */
const newestFirst = [desc(customerAddresses.createdAt), desc(customerAddresses.id)];

/** The default first, then the newest. */
export function listAddresses(db: Executor, owner: Owner): Promise<AddressRow[]> {
  return db
    .select()
    .from(customerAddresses)
    .where(owned(owner))
    .orderBy(desc(customerAddresses.isDefault), ...newestFirst);
}

/**
 * Holds the owner's row until the transaction ends, so one account's changes run one at a time
 * and the count limit and the single default hold under concurrent requests.
 */
export async function lockOwner(tx: Transaction, owner: Owner) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, owner.userId)).for('update');
}

export async function countAddresses(tx: Transaction, owner: Owner): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(customerAddresses).where(owned(owner));
  return row?.n ?? 0;
}

export async function findAddress(
  tx: Transaction,
  owner: Owner,
  id: string,
): Promise<AddressRow | undefined> {
  const [row] = await tx.select().from(customerAddresses).where(owned(owner, id));
  return row;
}

/** One default a customer: the others stop being it. */
export async function clearDefault(tx: Transaction, owner: Owner, keepId: string) {
  await tx
    .update(customerAddresses)
    .set({ isDefault: false })
    .where(
      and(owned(owner), eq(customerAddresses.isDefault, true), ne(customerAddresses.id, keepId)),
    );
}

/** Makes the owner's newest address the default; none when they have none left. */
export async function makeNewestDefault(tx: Transaction, owner: Owner) {
  const [newest] = await tx
    .select({ id: customerAddresses.id })
    .from(customerAddresses)
    .where(owned(owner))
    .orderBy(...newestFirst)
    .limit(1);
  if (!newest) return;
  await tx.update(customerAddresses).set({ isDefault: true }).where(owned(owner, newest.id));
}

export async function insertAddress(
  tx: Transaction,
  owner: Owner,
  values: AddressValues & { isDefault: boolean },
): Promise<AddressRow> {
  const [row] = await tx
    .insert(customerAddresses)
    .values({ ...values, tenantId: owner.tenantId, userId: owner.userId })
    .returning();
  return row!;
}

/** The updated address, or undefined when the owner has none of that id. */
export async function updateAddress(
  tx: Transaction,
  owner: Owner,
  id: string,
  values: AddressValues & { isDefault?: true },
): Promise<AddressRow | undefined> {
  const [row] = await tx
    .update(customerAddresses)
    .set({ ...values, updatedAt: new Date() })
    .where(owned(owner, id))
    .returning();
  return row;
}

/** The deleted address, or undefined when the owner had none of that id. */
export async function deleteAddress(
  tx: Transaction,
  owner: Owner,
  id: string,
): Promise<AddressRow | undefined> {
  const [row] = await tx.delete(customerAddresses).where(owned(owner, id)).returning();
  return row;
}
