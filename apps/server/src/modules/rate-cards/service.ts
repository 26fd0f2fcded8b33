import type { FastifyRequest } from 'fastify';
import { and, asc, eq } from 'drizzle-orm';
import {
  cardInFen,
  dayRate,
  earlyBookingOff,
  ErrorCode,
  juniorCardProblem,
  packCardProblem,
  priceDays,
  ValidationCode,
  type RateCard,
  type RateCardDto,
  type RateCardPreview,
  type RateCardSave,
  type RateCardSubjectKind,
  type PriceSeasonDto,
  type PriceSeasonSave,
  type PriceSeasonListSchema,
  type RateCardListSchema,
  type RateCardPreviewQuerySchema,
} from '@snowgear/contracts';
import type { z } from 'zod';
import type { Database, Transaction } from '@/db/client.js';
import { equipmentCategories, priceSeasons, rateCards, rentalPacks } from '@/db/schema.js';
import { EXCLUSION_VIOLATION, pgCode } from '@/lib/pg-errors.js';
import { inLanguage } from '@/lib/english.js';
import { businessError, notFound, validationError } from '@/lib/errors.js';
import { isEnglish, message, messageInBoth, type MessageKey } from '@/lib/messages.js';
import { recordAudit } from '@/modules/audit/record.js';
import {
  editsEveryStore,
  pricingScope,
  scopeNames,
  takePricingTurn,
} from '@/modules/pricing/admin-scope.js';
import {
  calendarOf,
  effectiveCards,
  rateCardOf,
  loadStorePricing,
  storeSeasons,
} from '@/modules/pricing/store-pricing.js';

type CardRow = typeof rateCards.$inferSelect;
type RateCardList = z.infer<typeof RateCardListSchema>;
type PreviewQuery = z.output<typeof RateCardPreviewQuerySchema>;

type SeasonRow = typeof priceSeasons.$inferSelect;
type PriceSeasonList = z.infer<typeof PriceSeasonListSchema>;

const toSeason = (row: SeasonRow): PriceSeasonDto => ({
  id: row.id,
  storeId: row.storeId,
  from: row.fromDay,
  to: row.toDay,
  percent: row.percent,
  weekendPercent: row.weekendPercent,
  name: row.name,
  nameEn: row.nameEn,
});

const yuan = (fen: number) => fen / 100;
/** A card without its half-day price: what the rules say of its whole days alone. */
const wholeDays = (card: RateCard): RateCard => ({ ...card, halfDayFen: null });

/**
 * The rate cards of the business and its stores (issue 60, docs/pricing.md): what a rental of
 * each length costs per kind of gear or pack, adult and junior. A store's own card wins over the
 * business's. Every change is one transaction with its line in the audit log, and keeps the rules
 * that always hold: a junior day no dearer than the adult's, a pack day no dearer than its parts'.
 */
export class RateCardService {
  constructor(
    private readonly db: Database,
    private readonly request: FastifyRequest,
  ) {}

  private get tenantId() {
    return this.request.tenantId;
  }
  private get user() {
    return this.request.user!;
  }
  private get english() {
    return isEnglish(this.request);
  }
  private msg(key: MessageKey, params?: Record<string, string | number>) {
    return message(this.request, key, params);
  }

  /** System management sets every store's cards and the business's; a manager their store's. */
  private get editsGlobal() {
    return editsEveryStore(this.request);
  }

  /** A store the caller may read and change the cards of (null: the business's own). */
  private scope(storeId: string | null | undefined): Promise<string | null> {
    return pricingScope(this.db, this.request, storeId, 'RateCardOtherStore');
  }

  /** The cards a store prices with: its own, and the business's where it has none. */
  private effective(tx: Database | Transaction, storeId: string | null) {
    return effectiveCards(tx, this.tenantId, storeId);
  }

  /** The names of categories and packs, in the reader's language (one query after the other: in a transaction). */
  private async subjectNames(tx: Database | Transaction) {
    const categories = await tx
      .select({
        id: equipmentCategories.id,
        name: equipmentCategories.name,
        nameEn: equipmentCategories.nameEn,
      })
      .from(equipmentCategories)
      .where(eq(equipmentCategories.tenantId, this.tenantId))
      .orderBy(asc(equipmentCategories.sortOrder), asc(equipmentCategories.name));
    const packs = await tx
      .select({
        id: rentalPacks.id,
        name: rentalPacks.name,
        nameEn: rentalPacks.nameEn,
        categoryIds: rentalPacks.categoryIds,
      })
      .from(rentalPacks)
      .where(eq(rentalPacks.tenantId, this.tenantId))
      .orderBy(asc(rentalPacks.sortOrder), asc(rentalPacks.name));
    return { categories, packs };
  }

  private toDto(
    row: CardRow,
    names: Awaited<ReturnType<RateCardService['subjectNames']>>,
  ): RateCardDto {
    const subject = (row.subjectKind === 'category' ? names.categories : names.packs).find(
      (s) => s.id === row.subjectId,
    );
    return {
      id: row.id,
      storeId: row.storeId,
      subjectKind: row.subjectKind,
      subjectId: row.subjectId,
      subjectName: subject ? inLanguage(this.english, subject.name, subject.nameEn) : '',
      junior: row.junior,
      lengths: row.lengthsFen.map(yuan),
      furtherDay: yuan(row.furtherDayFen),
      deposit: row.depositFen === null ? null : yuan(row.depositFen),
      halfDay: row.halfDayFen === null ? null : yuan(row.halfDayFen),
      lastModificationTime: row.updatedAt.toISOString(),
    };
  }

  async list(storeId: string | undefined): Promise<RateCardList> {
    const scope = await this.scope(storeId);
    const [rows, names] = await Promise.all([
      this.effective(this.db, scope),
      this.subjectNames(this.db),
    ]);
    // In the shop's own order (as the booking page lists them: a sport's pack levels together),
    // packs before kinds, each adult card before its junior one.
    const place = (r: CardRow) =>
      (r.subjectKind === 'pack' ? names.packs : names.categories).findIndex(
        (s) => s.id === r.subjectId,
      );
    const ordered = [...rows].sort(
      (a, b) =>
        Number(a.subjectKind === 'category') - Number(b.subjectKind === 'category') ||
        place(a) - place(b) ||
        Number(a.junior) - Number(b.junior),
    );
    return {
      storeId: scope,
      items: ordered.map((r) => ({ ...this.toDto(r, names), inherited: r.storeId !== scope })),
    };
  }

  /**
   * Sets a card, refusing (400, on the field) a junior day dearer than the adult's, an adult day
   * cheaper than the junior's already saved, or a pack day dearer than its parts' together.
   */
  async save(input: RateCardSave): Promise<RateCardDto> {
    if (input.storeId === null && !this.editsGlobal) {
      throw businessError(ErrorCode.Forbidden, this.msg('RateCardGlobalNotYours'));
    }
    const storeId = await this.scope(input.storeId);
    const card = cardInFen(input);
    return this.db.transaction(async (tx) => {
      await this.takeTurn(tx);
      const names = await this.subjectNames(tx);
      const subject = await this.subject(input.subjectKind, input.subjectId, names);
      const cards = await this.effective(tx, storeId);
      const find = (kind: RateCardSubjectKind, id: string, junior: boolean) =>
        cards.find((c) => c.subjectKind === kind && c.subjectId === id && c.junior === junior);
      // The junior rule, either way round.
      const adult = input.junior ? find(input.subjectKind, input.subjectId, false) : undefined;
      const junior = input.junior ? undefined : find(input.subjectKind, input.subjectId, true);
      const pair = adult
        ? ([card, rateCardOf(adult)] as const)
        : junior
          ? ([rateCardOf(junior), card] as const)
          : null;
      if (pair && juniorCardProblem(...pair)) {
        // The days agree and the half days do not: said on the half-day price.
        const days = juniorCardProblem(wholeDays(pair[0]), wholeDays(pair[1]));
        throw this.invalid(ValidationCode.RateCardJuniorDearer, days ? 'lengths' : 'halfDay');
      }
      // The pack rule, against the parts' cards of the same age (where every part has one).
      if (input.subjectKind === 'pack') {
        const pack = names.packs.find((p) => p.id === input.subjectId)!;
        const parts = pack.categoryIds.map((id) => find('category', id, input.junior));
        const partCards = parts.every((p) => p !== undefined) ? parts.map(rateCardOf) : null;
        if (partCards && packCardProblem(card, partCards)) {
          const days = packCardProblem(wholeDays(card), partCards.map(wholeDays));
          throw this.invalid(ValidationCode.RateCardPackDearer, days ? 'lengths' : 'halfDay');
        }
      }
      // A part made cheaper: no pack holding it may be left dearer than its parts.
      if (input.subjectKind === 'category') {
        for (const pack of names.packs.filter((p) => p.categoryIds.includes(input.subjectId))) {
          const packCard = find('pack', pack.id, input.junior);
          const parts = pack.categoryIds.map((id) =>
            id === input.subjectId ? card : find('category', id, input.junior),
          );
          if (!packCard || parts.some((p) => p === undefined)) continue;
          const partCards = parts.map((p) => ('lengthsFen' in p! ? rateCardOf(p) : p!));
          if (packCardProblem(rateCardOf(packCard), partCards)) {
            throw this.invalid(ValidationCode.RateCardPackDearer);
          }
        }
      }
      const [row] = await tx
        .insert(rateCards)
        .values({
          tenantId: this.tenantId,
          storeId,
          subjectKind: input.subjectKind,
          subjectId: input.subjectId,
          junior: input.junior,
          lengthsFen: card.lengths,
          furtherDayFen: card.furtherDayFen,
          depositFen: card.depositFen ?? null,
          halfDayFen: card.halfDayFen ?? null,
        })
        .onConflictDoUpdate({
          target: [
            rateCards.tenantId,
            rateCards.storeId,
            rateCards.subjectKind,
            rateCards.subjectId,
            rateCards.junior,
          ],
          set: {
            lengthsFen: card.lengths,
            furtherDayFen: card.furtherDayFen,
            depositFen: card.depositFen ?? null,
            halfDayFen: card.halfDayFen ?? null,
            updatedAt: new Date(),
          },
        })
        .returning();
      const before = cards.find(
        (c) =>
          c.storeId === storeId &&
          c.subjectKind === input.subjectKind &&
          c.subjectId === input.subjectId &&
          c.junior === input.junior,
      );
      await recordAudit(tx, this.request, {
        category: 'settings',
        storeId,
        entityType: 'rate-card',
        entityId: row!.id,
        action: before ? 'updated' : 'created',
        summary: await this.summary(tx, 'AuditRateCardSaved', storeId, subject, input.junior, card),
        changes: {
          lengths: [before ? before.lengthsFen.map(yuan) : null, input.lengths],
          furtherDay: [before ? yuan(before.furtherDayFen) : null, input.furtherDay],
          // A card's own deposit, where it had or has one.
          ...(before?.depositFen != null || input.deposit != null
            ? {
                deposit: [
                  before?.depositFen != null ? yuan(before.depositFen) : null,
                  input.deposit ?? null,
                ],
              }
            : {}),
          ...(before?.halfDayFen != null || input.halfDay != null
            ? {
                halfDay: [
                  before?.halfDayFen != null ? yuan(before.halfDayFen) : null,
                  input.halfDay ?? null,
                ],
              }
            : {}),
        },
      });
      return this.toDto(row!, names);
    });
  }

  /** Saves of one business's cards and packs take their turn (`takePricingTurn`). */
  private takeTurn(tx: Transaction) {
    return takePricingTurn(tx, this.tenantId);
  }

  async remove(id: string): Promise<void> {
    const [found] = await this.db
      .select()
      .from(rateCards)
      .where(and(eq(rateCards.tenantId, this.tenantId), eq(rateCards.id, id)));
    if (!found) throw notFound(ErrorCode.RateCardNotFound, this.msg('RateCardNotFound'));
    if (found.storeId === null && !this.editsGlobal) {
      throw businessError(ErrorCode.Forbidden, this.msg('RateCardGlobalNotYours'));
    }
    if (found.storeId !== null) await this.scope(found.storeId);
    await this.db.transaction(async (tx) => {
      await this.takeTurn(tx);
      const [row] = await tx
        .delete(rateCards)
        .where(and(eq(rateCards.tenantId, this.tenantId), eq(rateCards.id, id)))
        .returning();
      // Removed by someone else meanwhile.
      if (!row) throw notFound(ErrorCode.RateCardNotFound, this.msg('RateCardNotFound'));
      const names = await this.subjectNames(tx);
      const subject = (row.subjectKind === 'category' ? names.categories : names.packs).find(
        (s) => s.id === row.subjectId,
      ) ?? { name: '', nameEn: '' };
      await recordAudit(tx, this.request, {
        category: 'settings',
        storeId: row.storeId,
        entityType: 'rate-card',
        entityId: row.id,
        action: 'deleted',
        summary: await this.summary(
          tx,
          'AuditRateCardDeleted',
          row.storeId,
          subject,
          row.junior,
          rateCardOf(row),
        ),
        changes: {
          lengths: [row.lengthsFen.map(yuan), null],
          furtherDay: [yuan(row.furtherDayFen), null],
        },
      });
    });
  }

  /** What a rental would cost on the card that applies at the store, day by day. */
  async preview(query: PreviewQuery): Promise<RateCardPreview> {
    const storeId = await this.scope(query.storeId);
    const cards = await this.effective(this.db, storeId);
    const row = cards.find(
      (c) =>
        c.subjectKind === query.subjectKind &&
        c.subjectId === query.subjectId &&
        c.junior === query.junior,
    );
    if (!row) throw notFound(ErrorCode.RateCardNotFound, this.msg('RateCardNotFound'));
    // The store's seasons and early booking (the business's own for the business's cards).
    const calendar = calendarOf((await this.seasonRows(storeId)).rows);
    const early = storeId
      ? (await loadStorePricing(this.db, this.tenantId, storeId, query.start)).early
      : null;
    const { days, rentFen } = priceDays(rateCardOf(row), calendar, query.start, 1, query.days);
    const off = earlyBookingOff(early, rentFen, query.bookedOn ?? query.start, query.start);
    return {
      card: row.storeId ? 'store' : 'business',
      days: days.map((d) => ({
        date: d.date,
        day: d.day,
        rate: yuan(d.rateFen),
        percent: d.percent,
        because: d.because,
        amount: yuan(d.amountFen),
      })),
      rent: yuan(rentFen),
      earlyBookingOff: yuan(off),
      total: yuan(rentFen - off),
    };
  }

  // ---- seasons ---------------------------------------------------------------------------------

  /** A store's seasons: its own, or the business's when it has none. */
  private seasonRows(storeId: string | null) {
    return storeSeasons(this.db, this.tenantId, storeId);
  }

  async seasons(storeId: string | undefined): Promise<PriceSeasonList> {
    const scope = await this.scope(storeId);
    const { rows, inherited } = await this.seasonRows(scope);
    return { storeId: scope, inherited, items: rows.map(toSeason) };
  }

  /** Creates (no id) or changes a season; 400 on its days when they share one with another. */
  async saveSeason(input: PriceSeasonSave, id?: string): Promise<PriceSeasonDto> {
    const before = id ? await this.seasonRow(id) : undefined;
    if (input.storeId === null && !this.editsGlobal) {
      throw businessError(ErrorCode.Forbidden, this.msg('RateCardGlobalNotYours'));
    }
    const storeId = await this.scope(input.storeId);
    const values = {
      storeId,
      fromDay: input.from,
      toDay: input.to,
      percent: input.percent,
      weekendPercent: input.weekendPercent,
      name: input.name,
      nameEn: input.nameEn,
    };
    try {
      return await this.db.transaction(async (tx) => {
        const [row] = before
          ? await tx
              .update(priceSeasons)
              .set({ ...values, updatedAt: new Date() })
              .where(eq(priceSeasons.id, before.id))
              .returning()
          : await tx
              .insert(priceSeasons)
              .values({ tenantId: this.tenantId, ...values })
              .returning();
        await recordAudit(tx, this.request, {
          category: 'settings',
          storeId,
          entityType: 'price-season',
          entityId: row!.id,
          action: before ? 'updated' : 'created',
          summary: messageInBoth('AuditSeasonSaved', (language) => ({
            name: language === 'en-US' && input.nameEn ? input.nameEn : input.name,
            from: input.from,
            to: input.to,
            percent: input.percent,
          })),
          changes: Object.fromEntries(
            (['from', 'to', 'percent', 'weekendPercent', 'name', 'nameEn'] as const).map((k) => [
              k,
              [before ? toSeason(before)[k] : null, input[k]],
            ]),
          ),
        });
        return toSeason(row!);
      });
    } catch (error) {
      // Two seasons of one store share a day: the database's exclusion constraint says so.
      if (pgCode(error) === EXCLUSION_VIOLATION) {
        throw validationError('body', [{ path: ['from'], message: ValidationCode.SeasonOverlap }]);
      }
      throw error;
    }
  }

  async removeSeason(id: string): Promise<void> {
    const row = await this.seasonRow(id);
    await this.db.transaction(async (tx) => {
      await tx.delete(priceSeasons).where(eq(priceSeasons.id, row.id));
      await recordAudit(tx, this.request, {
        category: 'settings',
        storeId: row.storeId,
        entityType: 'price-season',
        entityId: row.id,
        action: 'deleted',
        summary: messageInBoth('AuditSeasonDeleted', (language) => ({
          name: language === 'en-US' && row.nameEn ? row.nameEn : row.name,
        })),
        changes: { from: [row.fromDay, null], to: [row.toDay, null], percent: [row.percent, null] },
      });
    });
  }

  /** A season the caller may change. */
  private async seasonRow(id: string): Promise<SeasonRow> {
    const [row] = await this.db
      .select()
      .from(priceSeasons)
      .where(and(eq(priceSeasons.tenantId, this.tenantId), eq(priceSeasons.id, id)));
    if (!row) throw notFound(ErrorCode.PriceSeasonNotFound, this.msg('PriceSeasonNotFound'));
    if (row.storeId === null && !this.editsGlobal) {
      throw businessError(ErrorCode.Forbidden, this.msg('RateCardGlobalNotYours'));
    }
    if (row.storeId !== null) await this.scope(row.storeId);
    return row;
  }

  private async subject(
    kind: RateCardSubjectKind,
    id: string,
    names: Awaited<ReturnType<RateCardService['subjectNames']>>,
  ) {
    const found =
      kind === 'category'
        ? names.categories.find((c) => c.id === id)
        : names.packs.find((p) => p.id === id);
    if (!found)
      throw notFound(ErrorCode.RateCardSubjectNotFound, this.msg('RateCardSubjectNotFound'));
    return found;
  }

  private invalid(code: ValidationCode, field: 'lengths' | 'halfDay' = 'lengths') {
    return validationError('body', [{ path: [field], message: code }]);
  }

  private async summary(
    tx: Transaction,
    key: 'AuditRateCardSaved' | 'AuditRateCardDeleted',
    storeId: string | null,
    subject: { name: string; nameEn: string },
    junior: boolean,
    card: RateCard,
  ) {
    const store = await scopeNames(tx, storeId);
    const days = Array.from({ length: card.lengths.length }, (_, i) => i + 1);
    return messageInBoth(key, (language) => {
      const en = language === 'en-US';
      const words = (k: MessageKey) => message({ headers: { 'accept-language': language } }, k);
      return {
        store: store(language),
        subject: inLanguage(en, subject.name, subject.nameEn),
        junior: junior ? words('RateCardJunior') : '',
        lengths: [
          ...(card.halfDayFen != null ? [`${en ? '½ d' : '半天'} ¥${yuan(card.halfDayFen)}`] : []),
          ...days.map((d) => `${d}${en ? ' d' : '天'} ¥${yuan(card.lengths[d - 1]!)}`),
        ].join(', '),
        further: `¥${yuan(dayRate(card, card.lengths.length + 1))}`,
      };
    });
  }
}
