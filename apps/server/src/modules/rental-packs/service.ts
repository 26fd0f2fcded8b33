import type { FastifyRequest } from 'fastify';
import { and, asc, count, eq, inArray, isNull, ne, or, type SQL } from 'drizzle-orm';
import {
  dailyCard,
  ErrorCode,
  packCardProblem,
  ValidationCode,
  type RateCard,
  type RentalPackDto,
  type RentalPackList,
  type RentalPackSaveSchema,
} from '@snowgear/contracts';
import type { z } from 'zod';
import type { Database, Transaction } from '@/db/client.js';
import { equipmentCategories, files, orderItems, rateCards, rentalPacks } from '@/db/schema.js';
import { inLanguage } from '@/lib/english.js';
import {
  businessError,
  conflictError,
  fieldError,
  notFound,
  validationError,
} from '@/lib/errors.js';
import { message, messageInBoth, type MessageKey } from '@/lib/messages.js';
import { recordAudit } from '@/modules/audit/record.js';
import { accessUrl } from '@/modules/files/service.js';
import {
  editsEveryStore,
  pricingScope,
  scopeNames,
  takePricingTurn,
} from '@/modules/pricing/admin-scope.js';
import { effectiveCards, rateCardOf } from '@/modules/pricing/store-pricing.js';

type PackRow = typeof rentalPacks.$inferSelect;
type CardRow = typeof rateCards.$inferSelect;
type PackSave = z.output<typeof RentalPackSaveSchema>;

/** The business type of an uploaded pack picture (public once a pack shows it). */
export const PACK_IMAGE = 'PackImage';

const yuan = (fen: number) => fen / 100;
const fen = (yuan: number) => Math.round(yuan * 100);

/** Where a pack's picture is downloaded (its small thumbnail, made for lists and cards). */
export const packPictureUrl = (fileId: string | null) =>
  fileId ? accessUrl(fileId, 'small') : null;

/**
 * The packs a shop offers (issue 60 §1 and §3, docs/pricing.md): the levels of each sport, what
 * each holds, its picture, and its price where no rate card prices it. System management keeps
 * the business's packs (every store's) and any store's own; a manager their own store's. Changes
 * take their turn with the rate cards' (the pack rule compares both) and are in the audit log.
 */
export class RentalPackService {
  constructor(
    private readonly db: Database,
    private readonly request: FastifyRequest,
  ) {}

  private get tenantId() {
    return this.request.tenantId;
  }
  private msg(key: MessageKey, params?: Record<string, string | number>) {
    return message(this.request, key, params);
  }

  private scope(storeId: string | null | undefined) {
    return pricingScope(this.db, this.request, storeId, 'RentalPackOtherStore');
  }

  /** The packs of a scope: the business's, and a store's own beside them. */
  private packsOf(tx: Database | Transaction, storeId: string | null, extra?: SQL) {
    return tx
      .select()
      .from(rentalPacks)
      .where(
        and(
          eq(rentalPacks.tenantId, this.tenantId),
          storeId
            ? or(isNull(rentalPacks.storeId), eq(rentalPacks.storeId, storeId))
            : isNull(rentalPacks.storeId),
          extra,
        ),
      )
      .orderBy(asc(rentalPacks.sortOrder), asc(rentalPacks.name));
  }

  private toDto(row: PackRow, cards: CardRow[]): RentalPackDto {
    const has = (junior: boolean) =>
      cards.some((c) => c.subjectKind === 'pack' && c.subjectId === row.id && c.junior === junior);
    return {
      id: row.id,
      storeId: row.storeId,
      name: row.name,
      nameEn: row.nameEn,
      description: row.description,
      descriptionEn: row.descriptionEn,
      categoryIds: row.categoryIds,
      dailyPrice: yuan(row.dailyPriceFen),
      deposit: yuan(row.depositFen),
      sortOrder: row.sortOrder,
      isActive: row.isActive,
      pictureFileId: row.pictureFileId,
      grade: row.grade,
      pictureUrl: packPictureUrl(row.pictureFileId),
      cards: { adult: has(false), junior: has(true) },
      lastModificationTime: row.updatedAt.toISOString(),
    };
  }

  async list(storeId: string | undefined): Promise<RentalPackList> {
    const scope = await this.scope(storeId);
    const [rows, cards] = await Promise.all([
      this.packsOf(this.db, scope),
      effectiveCards(this.db, this.tenantId, scope),
    ]);
    return {
      storeId: scope,
      items: rows.map((r) => ({ ...this.toDto(r, cards), inherited: r.storeId !== scope })),
    };
  }

  /**
   * A pack the caller may change: the business's for system management, else their store's
   * (read within the caller's transaction only).
   */
  private async own(tx: Database | Transaction, id: string): Promise<PackRow> {
    const [row] = await tx
      .select()
      .from(rentalPacks)
      .where(and(eq(rentalPacks.tenantId, this.tenantId), eq(rentalPacks.id, id)));
    if (!row) throw notFound(ErrorCode.RentalPackNotFound, this.msg('RentalPackNotFound'));
    if (row.storeId === null && !editsEveryStore(this.request)) {
      throw businessError(ErrorCode.Forbidden, this.msg('RentalPackGlobalNotYours'));
    }
    if (
      row.storeId !== null &&
      !editsEveryStore(this.request) &&
      row.storeId !== this.request.user!.primaryStoreId
    ) {
      throw businessError(ErrorCode.Forbidden, this.msg('RentalPackOtherStore'));
    }
    return row;
  }

  /**
   * Creates (no id) or changes a pack. Refused with the field named: a part that is not a kind of
   * the business; a name another pack of the same stores has; a picture that is not an uploaded
   * pack picture of the caller's (or this pack's already); a daily price dearer than the parts'
   * day on their cards; contents that would leave one of the pack's cards dearer than its parts.
   */
  async save(input: PackSave, id?: string): Promise<RentalPackDto> {
    if (input.storeId === null && !editsEveryStore(this.request)) {
      throw businessError(ErrorCode.Forbidden, this.msg('RentalPackGlobalNotYours'));
    }
    const storeId = await this.scope(input.storeId);
    return this.db.transaction(async (tx) => {
      await takePricingTurn(tx, this.tenantId);
      const before = id ? await this.own(tx, id) : undefined;
      const parts = await this.parts(tx, input.categoryIds);
      await this.nameFree(tx, storeId, input.name, id);
      if (input.pictureFileId && input.pictureFileId !== before?.pictureFileId) {
        await this.claimPicture(tx, input.pictureFileId);
      }
      await this.keepsPackRule(tx, storeId, input, before);
      const values = {
        storeId,
        name: input.name,
        nameEn: input.nameEn,
        description: input.description,
        descriptionEn: input.descriptionEn,
        categoryIds: input.categoryIds,
        dailyPriceFen: fen(input.dailyPrice),
        depositFen: fen(input.deposit),
        sortOrder: input.sortOrder,
        isActive: input.isActive,
        pictureFileId: input.pictureFileId,
        grade: input.grade,
      };
      const [row] = before
        ? await tx
            .update(rentalPacks)
            .set({ ...values, updatedAt: new Date() })
            .where(eq(rentalPacks.id, before.id))
            .returning()
        : await tx
            .insert(rentalPacks)
            .values({ tenantId: this.tenantId, ...values })
            .returning();
      if (input.pictureFileId) {
        await tx
          .update(files)
          .set({ isTemporary: false, expiresAt: null, businessEntityId: row!.id })
          .where(eq(files.id, input.pictureFileId));
      }
      const store = await scopeNames(tx, storeId);
      await recordAudit(tx, this.request, {
        category: 'settings',
        storeId,
        entityType: 'rental-pack',
        entityId: row!.id,
        action: before ? 'updated' : 'created',
        summary: messageInBoth('AuditRentalPackSaved', (language) => {
          const en = language === 'en-US';
          return {
            store: store(language),
            name: inLanguage(en, input.name, input.nameEn),
            parts: parts.map((p) => inLanguage(en, p.name, p.nameEn)).join(en ? ', ' : '、'),
            daily: input.dailyPrice,
            deposit: input.deposit,
            off: input.isActive
              ? ''
              : message({ headers: { 'accept-language': language } }, 'RentalPackOffSale'),
          };
        }),
        changes: before ? this.changes(before, values) : undefined,
      });
      return this.toDto(row!, await effectiveCards(tx, this.tenantId, storeId));
    });
  }

  /** What changed, in the words of the wire (yuan). */
  private changes(before: PackRow, after: Omit<typeof rentalPacks.$inferInsert, 'tenantId'>) {
    const wire = (row: Partial<PackRow>) => ({
      name: row.name,
      nameEn: row.nameEn,
      description: row.description,
      descriptionEn: row.descriptionEn,
      categoryIds: row.categoryIds,
      dailyPrice: row.dailyPriceFen === undefined ? undefined : yuan(row.dailyPriceFen),
      deposit: row.depositFen === undefined ? undefined : yuan(row.depositFen),
      sortOrder: row.sortOrder,
      isActive: row.isActive,
      pictureFileId: row.pictureFileId,
      grade: row.grade,
    });
    const old = wire(before);
    const now = wire(after);
    const changes: Record<string, [unknown, unknown]> = {};
    for (const key of Object.keys(old) as (keyof typeof old)[]) {
      if (JSON.stringify(old[key]) !== JSON.stringify(now[key])) {
        changes[key] = [old[key], now[key]];
      }
    }
    return changes;
  }

  /** The parts, each a kind of the business's gear, in the order given. */
  private async parts(tx: Transaction, ids: string[]) {
    const rows = await tx
      .select({
        id: equipmentCategories.id,
        name: equipmentCategories.name,
        nameEn: equipmentCategories.nameEn,
      })
      .from(equipmentCategories)
      .where(
        and(eq(equipmentCategories.tenantId, this.tenantId), inArray(equipmentCategories.id, ids)),
      );
    return ids.map((id) => {
      const found = rows.find((r) => r.id === id);
      if (!found) {
        throw fieldError(
          400,
          ErrorCode.Validation,
          this.msg('RentalPackPartNotFound'),
          'categoryIds',
        );
      }
      return found;
    });
  }

  /**
   * No two packs a store offers share a name (the booking page and the cards name them): a
   * store's own beside the business's, or the business's beside any store's.
   */
  private async nameFree(tx: Transaction, storeId: string | null, name: string, id?: string) {
    const [clash] = await tx
      .select({ id: rentalPacks.id })
      .from(rentalPacks)
      .where(
        and(
          eq(rentalPacks.tenantId, this.tenantId),
          eq(rentalPacks.name, name),
          id ? ne(rentalPacks.id, id) : undefined,
          storeId ? or(isNull(rentalPacks.storeId), eq(rentalPacks.storeId, storeId)) : undefined,
        ),
      );
    if (clash) {
      throw fieldError(
        409,
        ErrorCode.Validation,
        this.msg('RentalPackNameTaken', { name }),
        'name',
      );
    }
  }

  /**
   * A picture becomes public with the pack: only an image uploaded as a pack picture by the
   * caller is taken (not another person's private file named by its id).
   */
  private async claimPicture(tx: Transaction, fileId: string) {
    const [file] = await tx
      .select({ ownerId: files.ownerId, businessType: files.businessType, type: files.contentType })
      .from(files)
      .where(and(eq(files.tenantId, this.tenantId), eq(files.id, fileId)));
    if (
      !file ||
      file.businessType !== PACK_IMAGE ||
      !file.type.startsWith('image/') ||
      file.ownerId !== this.request.user!.id
    ) {
      throw fieldError(400, ErrorCode.Validation, this.msg('RentalPackPicture'), 'pictureFileId');
    }
  }

  /**
   * A pack never costs more than its parts (docs/pricing.md): its daily price, where no adult
   * card of the pack applies at its stores, against its parts' adult cards; and, when what it
   * holds changes, each of its cards against the new parts' cards, wherever one is set.
   */
  private async keepsPackRule(
    tx: Transaction,
    storeId: string | null,
    input: PackSave,
    before: PackRow | undefined,
  ) {
    const dearer = (pack: RateCard, cards: CardRow[], junior: boolean) => {
      const parts = input.categoryIds.map((id) =>
        cards.find(
          (c) => c.subjectKind === 'category' && c.subjectId === id && c.junior === junior,
        ),
      );
      return (
        parts.every((p) => p !== undefined) &&
        packCardProblem(
          pack,
          parts.map((p) => rateCardOf(p)),
        ) !== null
      );
    };
    const cards = await effectiveCards(tx, this.tenantId, storeId);
    const packCard = (list: CardRow[], junior: boolean) =>
      before
        ? list.find(
            (c) => c.subjectKind === 'pack' && c.subjectId === before.id && c.junior === junior,
          )
        : undefined;
    if (!packCard(cards, false) && dearer(dailyCard(fen(input.dailyPrice)), cards, false)) {
      throw validationError('body', [
        { path: ['dailyPrice'], message: ValidationCode.RateCardPackDearer },
      ]);
    }
    if (!before || before.categoryIds.join() === input.categoryIds.join()) return;
    // Every scope where a card of this pack is set: the business's and each store's.
    const scopes = await tx
      .selectDistinct({ storeId: rateCards.storeId })
      .from(rateCards)
      .where(
        and(
          eq(rateCards.tenantId, this.tenantId),
          eq(rateCards.subjectKind, 'pack'),
          eq(rateCards.subjectId, before.id),
        ),
      );
    for (const scope of scopes) {
      const there = await effectiveCards(tx, this.tenantId, scope.storeId);
      for (const junior of [false, true]) {
        const own = packCard(there, junior);
        if (own && dearer(rateCardOf(own), there, junior)) {
          throw fieldError(
            400,
            ErrorCode.Validation,
            this.msg('RentalPackPartsDearer'),
            'categoryIds',
          );
        }
      }
    }
  }

  /**
   * Deletes a pack no order has used, with its rate cards; one an order used keeps its name and
   * price on that order, so it is taken off sale instead (409 with the count).
   */
  async remove(id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await takePricingTurn(tx, this.tenantId);
      const row = await this.own(tx, id);
      const [used] = await tx
        .select({ n: count() })
        .from(orderItems)
        .where(eq(orderItems.packId, row.id));
      if (used && used.n > 0) {
        throw conflictError(
          ErrorCode.RentalPackInUse,
          this.msg('RentalPackInUse', { count: used.n, name: row.name }),
          { orderItems: used.n },
        );
      }
      await tx
        .delete(rateCards)
        .where(
          and(
            eq(rateCards.tenantId, this.tenantId),
            eq(rateCards.subjectKind, 'pack'),
            eq(rateCards.subjectId, row.id),
          ),
        );
      await tx.delete(rentalPacks).where(eq(rentalPacks.id, row.id));
      const store = await scopeNames(tx, row.storeId);
      await recordAudit(tx, this.request, {
        category: 'settings',
        storeId: row.storeId,
        entityType: 'rental-pack',
        entityId: row.id,
        action: 'deleted',
        summary: messageInBoth('AuditRentalPackDeleted', (language) => ({
          store: store(language),
          name: inLanguage(language === 'en-US', row.name, row.nameEn),
        })),
        changes: { name: [row.name, null] },
      });
    });
  }
}
