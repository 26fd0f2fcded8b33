import { and, asc, eq, gte, inArray, isNull, or } from 'drizzle-orm';
import {
  BusinessParameterKey,
  clockMinutes,
  DEFAULT_HALF_DAY_FROM,
  DEFAULT_JUNIOR_AGE,
  GRADE_ATTRIBUTE,
  type EarlyBooking,
  type PricingCalendar,
  type RateCard,
  type RateCardSubjectKind,
} from '@snowgear/contracts';
import type { Database, Transaction } from '@/db/client.js';
import {
  attributeDefinitions,
  businessParameters,
  priceSeasons,
  rateCards,
  rentalPacks,
} from '@/db/schema.js';
import { chooseParameter } from '@/lib/business-parameters.js';
import { sharedRead } from '@/lib/shared-read.js';

type CardRow = typeof rateCards.$inferSelect;
type SeasonRow = typeof priceSeasons.$inferSelect;

/** What a store prices with (docs/pricing.md): its cards, its calendar, its junior age, early booking. */
export interface StorePricing {
  /** The card of a kind of gear or a pack that applies at the store, adult or junior. */
  cardOf(kind: RateCardSubjectKind, subjectId: string, junior: boolean): RateCard | null;
  calendar: PricingCalendar;
  juniorAge: number;
  /** The afternoon start (minutes since midnight): a rental from then, back that day, is a half day. */
  halfDayFrom: number;
  /** Some card of the store sets a half-day price: the store rents by the half day. */
  halfDays: boolean;
  /** Null where the store gives no early-booking discount. */
  early: EarlyBooking | null;
  /** The packs on sale at the store (its own and the business's), in the shop's order. */
  packs: StorePack[];
  /** The id of a category's grade attribute (contracts' `GRADE_ATTRIBUTE`); null: it has none. */
  gradeAttributeOf(categoryId: string): string | null;
}

/** A pack as the counter prices it: what it holds, and its price where no card prices it. */
export interface StorePack {
  id: string;
  name: string;
  nameEn: string;
  categoryIds: string[];
  dailyFen: number;
  depositFen: number;
  /** The grade of gear it holds; '' any. */
  grade: string;
}

/** A stored card as the rules read it. */
export const rateCardOf = (row: CardRow): RateCard => ({
  lengths: row.lengthsFen,
  furtherDayFen: row.furtherDayFen,
  depositFen: row.depositFen,
  halfDayFen: row.halfDayFen,
});

/** The cards a store prices with: its own, and the business's where it has none. */
export async function effectiveCards(
  db: Database | Transaction,
  tenantId: string,
  storeId: string | null,
): Promise<CardRow[]> {
  const rows = await db
    .select()
    .from(rateCards)
    .where(
      and(
        eq(rateCards.tenantId, tenantId),
        storeId
          ? or(eq(rateCards.storeId, storeId), isNull(rateCards.storeId))
          : isNull(rateCards.storeId),
      ),
    );
  const key = (r: CardRow) => `${r.subjectKind}:${r.subjectId}:${r.junior}`;
  const own = new Set(rows.filter((r) => r.storeId !== null).map(key));
  return rows.filter((r) => r.storeId !== null || !own.has(key(r)));
}

/**
 * A store's seasons: its own, or the business's when it has none (from `fromDay` on: what a
 * rental starting then can meet).
 */
export async function storeSeasons(
  db: Database | Transaction,
  tenantId: string,
  storeId: string | null,
  fromDay?: string,
): Promise<{ rows: SeasonRow[]; inherited: boolean }> {
  const of = (store: string | null) =>
    db
      .select()
      .from(priceSeasons)
      .where(
        and(
          eq(priceSeasons.tenantId, tenantId),
          store ? eq(priceSeasons.storeId, store) : isNull(priceSeasons.storeId),
          fromDay ? gte(priceSeasons.toDay, fromDay) : undefined,
        ),
      )
      .orderBy(priceSeasons.fromDay);
  const own = await of(storeId);
  if (storeId === null || own.length > 0) return { rows: own, inherited: false };
  return { rows: await of(null), inherited: true };
}

/** Seasons as the rules read them. */
export function calendarOf(rows: SeasonRow[]): PricingCalendar {
  return {
    seasons: rows.map((r) => ({
      from: r.fromDay,
      to: r.toDay,
      percent: r.percent,
      ...(r.weekendPercent !== null ? { weekendPercent: r.weekendPercent } : {}),
      name: r.name,
      nameEn: r.nameEn,
    })),
    // A public holiday is a season of its own days (back to back with the season around it).
    holidays: [],
    holidayPercent: 100,
  };
}

const P = BusinessParameterKey;

/** A whole number parameter, or the fallback when blank or broken. */
const whole = (value: string | null, fallback: number) => {
  const n = Number(value ?? '');
  return value !== null && value !== '' && Number.isInteger(n) ? n : fallback;
};

/**
 * A store's prices for a rental from `fromDay`, for a request outside a transaction: a rush of
 * quotes, bookings and counter orders at one store for one day reads them once
 * (lib/shared-read.ts).
 */
export function sharedStorePricing(
  db: Database,
  tenantId: string,
  storeId: string,
  fromDay: string,
): Promise<StorePricing> {
  return sharedRead(db, `pricing ${tenantId} ${storeId} ${fromDay}`, () =>
    loadStorePricing(db, tenantId, storeId, fromDay),
  );
}

/**
 * Everything a store prices a rental with, read one query after another (so it may run inside a
 * transaction): the cards, the seasons from the rental's first day, the store's parameters and
 * the packs on sale.
 */
export async function loadStorePricing(
  db: Database | Transaction,
  tenantId: string,
  storeId: string,
  fromDay: string,
): Promise<StorePricing> {
  const cards = await effectiveCards(db, tenantId, storeId);
  const { rows } = await storeSeasons(db, tenantId, storeId, fromDay);
  const keys = [P.JuniorAge, P.HalfDayFrom, P.EarlyBookingDays, P.EarlyBookingPercent];
  const parameters = await db
    .select({
      key: businessParameters.key,
      storeId: businessParameters.storeId,
      value: businessParameters.value,
    })
    .from(businessParameters)
    .where(
      and(
        eq(businessParameters.tenantId, tenantId),
        inArray(businessParameters.key, keys),
        or(isNull(businessParameters.storeId), eq(businessParameters.storeId, storeId)),
      ),
    );
  const parameter = (key: string) =>
    chooseParameter(
      parameters.filter((p) => p.key === key),
      storeId,
    );
  const packs = await db
    .select({
      id: rentalPacks.id,
      name: rentalPacks.name,
      nameEn: rentalPacks.nameEn,
      categoryIds: rentalPacks.categoryIds,
      dailyFen: rentalPacks.dailyPriceFen,
      depositFen: rentalPacks.depositFen,
      grade: rentalPacks.grade,
    })
    .from(rentalPacks)
    .where(
      and(
        eq(rentalPacks.tenantId, tenantId),
        eq(rentalPacks.isActive, true),
        or(isNull(rentalPacks.storeId), eq(rentalPacks.storeId, storeId)),
      ),
    )
    .orderBy(asc(rentalPacks.sortOrder), asc(rentalPacks.name));
  // The grade attributes, to tell gear of a pack's grade (the counter finds packs by them).
  const grades = await db
    .select({ id: attributeDefinitions.id, categoryId: attributeDefinitions.categoryId })
    .from(attributeDefinitions)
    .where(
      and(
        eq(attributeDefinitions.tenantId, tenantId),
        eq(attributeDefinitions.name, GRADE_ATTRIBUTE),
        eq(attributeDefinitions.isSize, true),
        eq(attributeDefinitions.isEnabled, true),
      ),
    );
  const daysAhead = whole(parameter(P.EarlyBookingDays), 0);
  const percentOff = whole(parameter(P.EarlyBookingPercent), 0);
  const byKey = new Map(
    cards.map((c) => [`${c.subjectKind}:${c.subjectId}:${c.junior}`, rateCardOf(c)]),
  );
  return {
    cardOf: (kind, subjectId, junior) => byKey.get(`${kind}:${subjectId}:${junior}`) ?? null,
    calendar: calendarOf(rows),
    juniorAge: whole(parameter(P.JuniorAge), DEFAULT_JUNIOR_AGE),
    halfDayFrom:
      clockMinutes(parameter(P.HalfDayFrom) ?? '') ?? clockMinutes(DEFAULT_HALF_DAY_FROM)!,
    halfDays: cards.some((c) => c.halfDayFen !== null),
    early: daysAhead > 0 && percentOff > 0 ? { daysAhead, percentOff } : null,
    packs,
    gradeAttributeOf: (categoryId) =>
      (grades.find((g) => g.categoryId === categoryId) ?? grades.find((g) => !g.categoryId))?.id ??
      null,
  };
}
