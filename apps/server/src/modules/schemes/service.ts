import type { FastifyRequest } from 'fastify';
import { and, desc, eq } from 'drizzle-orm';
import {
  BookingCartSchema,
  ErrorCode,
  type BookingCart,
  type BookingQuote,
  type Scheme,
  type SchemeInput,
  type SharedScheme,
} from '@snowgear/contracts';
import type { Database } from '@/db/client.js';
import { schemes, stores } from '@/db/schema.js';
import { AppError, notFound } from '@/lib/errors.js';
import { isEnglish, message } from '@/lib/messages.js';
import { columnInLanguage } from '@/lib/english.js';
import { BookingService } from '@/modules/booking/service.js';
import { toFen, toYuan } from '@/modules/orders/pricing.js';

type SchemeRow = typeof schemes.$inferSelect;

/** A customer keeps this many schemes at most. */
export const SCHEMES_MAX = 30;

/**
 * Schemes (方案): a customer's saved plans — store, dates, riders and gear — priced as a quote
 * when saved. Shared by their id (unguessable), they open without signing in with a fresh quote.
 */
export class SchemesService {
  constructor(
    private readonly db: Database,
    private readonly request: FastifyRequest,
    private readonly timeZone: string,
  ) {}

  private get tenantId() {
    return this.request.tenantId;
  }
  private get ownerId() {
    return this.request.user!.id;
  }

  private notFound() {
    return notFound(ErrorCode.SchemeNotFound, message(this.request, 'SchemeNotFound'));
  }

  private async quote(cart: BookingCart): Promise<BookingQuote> {
    return new BookingService(this.db, this.request, this.timeZone).quote(cart);
  }

  /** A scheme as the client reads it; the store's name is read unless the caller has it. */
  private async toScheme(row: SchemeRow, storeName?: string): Promise<Scheme> {
    let name = storeName;
    if (name === undefined) {
      const [store] = await this.db
        .select({ name: columnInLanguage(isEnglish(this.request), stores.name, stores.nameEn) })
        .from(stores)
        .where(eq(stores.id, row.storeId));
      name = store?.name ?? '';
    }
    return {
      id: row.id,
      name: row.name,
      storeId: row.storeId,
      storeName: name,
      cart: row.cart,
      quote: toYuan(row.quoteFen),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  private async own(id: string): Promise<SchemeRow> {
    const [row] = await this.db
      .select()
      .from(schemes)
      .where(
        and(
          eq(schemes.tenantId, this.tenantId),
          eq(schemes.ownerId, this.ownerId),
          eq(schemes.id, id),
        ),
      );
    if (!row) throw this.notFound();
    return row;
  }

  async list(): Promise<Scheme[]> {
    // One query with the stores' names, however many schemes.
    const rows = await this.db
      .select({
        scheme: schemes,
        storeName: columnInLanguage(isEnglish(this.request), stores.name, stores.nameEn),
      })
      .from(schemes)
      .leftJoin(stores, eq(stores.id, schemes.storeId))
      .where(and(eq(schemes.tenantId, this.tenantId), eq(schemes.ownerId, this.ownerId)))
      .orderBy(desc(schemes.updatedAt))
      .limit(SCHEMES_MAX);
    return Promise.all(rows.map((r) => this.toScheme(r.scheme, r.storeName ?? '')));
  }

  async get(id: string): Promise<Scheme> {
    return this.toScheme(await this.own(id));
  }

  async create(
    input: Required<Pick<SchemeInput, 'name'>> & { cart: BookingCart },
  ): Promise<Scheme> {
    const quote = await this.quote(input.cart);
    const row = await this.db.transaction(async (tx) => {
      const mine = await tx
        .select({ id: schemes.id })
        .from(schemes)
        .where(and(eq(schemes.tenantId, this.tenantId), eq(schemes.ownerId, this.ownerId)));
      if (mine.length >= SCHEMES_MAX) {
        throw new AppError(
          403,
          ErrorCode.SchemeLimit,
          message(this.request, 'SchemeLimit', { max: SCHEMES_MAX }),
        );
      }
      const [created] = await tx
        .insert(schemes)
        .values({
          tenantId: this.tenantId,
          ownerId: this.ownerId,
          name: input.name,
          storeId: input.cart.storeId,
          cart: input.cart,
          quoteFen: toFen(quote.total),
        })
        .returning();
      return created!;
    });
    return this.toScheme(row);
  }

  async update(id: string, input: { name: string; cart: BookingCart }): Promise<Scheme> {
    await this.own(id);
    const quote = await this.quote(input.cart);
    const [row] = await this.db
      .update(schemes)
      .set({
        name: input.name,
        storeId: input.cart.storeId,
        cart: input.cart,
        quoteFen: toFen(quote.total),
        updatedAt: new Date(),
      })
      .where(and(eq(schemes.id, id), eq(schemes.ownerId, this.ownerId)))
      .returning();
    return this.toScheme(row!);
  }

  async remove(id: string): Promise<void> {
    await this.own(id);
    await this.db.delete(schemes).where(and(eq(schemes.id, id), eq(schemes.ownerId, this.ownerId)));
  }

  /**
   * A scheme opened from its short link, by anyone: the plan and a fresh quote. A plan that can no
   * longer be priced (its store or a pack gone) comes without one.
   */
  async shared(id: string): Promise<SharedScheme> {
    const [row] = await this.db
      .select()
      .from(schemes)
      .where(and(eq(schemes.tenantId, this.tenantId), eq(schemes.id, id)));
    if (!row) throw this.notFound();
    const parsed = BookingCartSchema.safeParse(row.cart);
    let freshQuote: BookingQuote | null = null;
    if (parsed.success) {
      try {
        freshQuote = await this.quote(parsed.data);
      } catch (err) {
        if (!(err instanceof AppError) || err.statusCode >= 500) throw err;
      }
    }
    const mine = this.request.user?.id === row.ownerId;
    return { ...(await this.toScheme(row)), freshQuote, mine };
  }
}
