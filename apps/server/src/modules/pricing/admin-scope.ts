import type { FastifyRequest } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { ErrorCode, Permissions } from '@snowgear/contracts';
import type { Database, Transaction } from '@/db/client.js';
import { stores } from '@/db/schema.js';
import { inLanguage } from '@/lib/english.js';
import { businessError, notFound } from '@/lib/errors.js';
import { message, type MessageKey } from '@/lib/messages.js';

/**
 * Who sets a shop's prices and packs (issue 60 §3): system management for the business (every
 * store) and any store, a store's manager for their own store only.
 */
export const editsEveryStore = (request: FastifyRequest) =>
  request.user!.permissions.includes(Permissions.SystemManagement.Default);

/**
 * The store the caller reads and changes the prices of (null: the business's own): absent, the
 * business's for system management and the caller's own store otherwise. 403 with `otherStore`
 * for a manager naming another store; 404 for a store that is not the business's.
 */
export async function pricingScope(
  db: Database,
  request: FastifyRequest,
  storeId: string | null | undefined,
  otherStore: MessageKey,
): Promise<string | null> {
  const everyStore = editsEveryStore(request);
  if (storeId === null || (storeId === undefined && everyStore)) return null;
  const own = request.user!.primaryStoreId;
  const id = storeId ?? own;
  if (!id || (!everyStore && id !== own)) {
    throw businessError(ErrorCode.Forbidden, message(request, otherStore));
  }
  const [row] = await db
    .select({ id: stores.id })
    .from(stores)
    .where(and(eq(stores.tenantId, request.tenantId), eq(stores.id, id)));
  if (!row) throw notFound(ErrorCode.StoreNotFound, message(request, 'StoreNotFound'));
  return row.id;
}

/**
 * Changes to a business's cards and packs take their turn (a lock held to the transaction's end):
 * the junior and pack rules compare cards and packs with each other, so two managers changing
 * them at once would each pass against what was there and leave a child or a pack dearer.
 */
export async function takePricingTurn(tx: Transaction, tenantId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`rate-cards ${tenantId}`}))`);
}

/** A store's name in each language for the audit log, or "every store" for the business's. */
export async function scopeNames(
  tx: Database | Transaction,
  storeId: string | null,
): Promise<(language: string) => string> {
  const [store] = storeId
    ? await tx
        .select({ name: stores.name, nameEn: stores.nameEn })
        .from(stores)
        .where(eq(stores.id, storeId))
    : [];
  return (language) =>
    store
      ? inLanguage(language === 'en-US', store.name, store.nameEn)
      : message({ headers: { 'accept-language': language } }, 'RateCardAllStores');
}
