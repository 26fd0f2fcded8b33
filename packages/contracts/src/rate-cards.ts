import { z } from 'zod';
import { queryDay } from './date-schemas.js';
import { decimalInput, queryInteger } from './number-schemas.js';
import { singleLineText } from './text-schemas.js';
import { ValidationCode } from './validation-codes.js';

/**
 * What a rental costs by its length and its days (issue 60): a rate card per kind of gear or
 * pack, junior cards beside the adult ones, seasons, weekends and holidays, and early booking.
 * Pure: the server applies it once when an order is priced and keeps what it decided; screens
 * show that decision (docs/pricing.md).
 *
 * Money is integer fen. A card's prices are whole yuan, so that a day's rate times a season's
 * whole percent is a whole fen: no rounding until the early-booking discount, which is rounded
 * once per line. That keeps every rule exact: a rental priced day by day is the sum of its days,
 * an extension plus the rental before it is the rental of the whole length, a junior never pays
 * more than an adult and a pack never more than its parts.
 */

/** What a rental of each length costs on one card. */
export interface RateCard {
  /** The price of a rental of 1, 2, … days (fen): `lengths[k - 1]` for k days; at least one. */
  lengths: number[];
  /** Each day past the table (fen). */
  furtherDayFen: number;
  /** The deposit a rental on this card holds (fen); absent or null: the gear's own. */
  depositFen?: number | null;
  /**
   * A half day (fen): a rental that starts at or after the store's afternoon start and is back
   * the same day (`isHalfDay`). Absent or null: a half day costs a whole first day.
   */
  halfDayFen?: number | null;
}

/** A period of the store's calendar priced at a percentage of the card (150: one and a half). */
export interface PriceSeason {
  /** First and last day, inclusive, as the store's calendar reads them (YYYY-MM-DD). */
  from: string;
  to: string;
  percent: number;
  /** Saturdays and Sundays within it, where the shop prices them otherwise (e.g. dearer). */
  weekendPercent?: number;
  name: string;
  nameEn: string;
}

export interface PricingCalendar {
  seasons: PriceSeason[];
  /** Public holidays (YYYY-MM-DD), priced at `holidayPercent` whatever the season. */
  holidays: string[];
  holidayPercent: number;
}

/** Rent (never a deposit) this much cheaper when booked at least this many days ahead. */
export interface EarlyBooking {
  daysAhead: number;
  percentOff: number;
}

/** How one day of a rental was priced. */
export interface PricedDay {
  /** The store's calendar day. */
  date: string;
  /** Its place in the rental: 1 for the first day. */
  day: number;
  /** The card's rate for that place: what the k-day rental costs more than the (k−1)-day one. */
  rateFen: number;
  percent: number;
  /** Why the percent: the season's name, 'weekend' or 'holiday'; none at 100 %. */
  because: { kind: 'season' | 'weekend' | 'holiday'; name: string; nameEn: string } | null;
  amountFen: number;
}

/** The largest price a card may hold for one rental (fen): ¥100,000. */
export const RATE_CARD_PRICE_MAX_FEN = 10_000_000;
/** A card's table holds at most this many lengths (then the further day's rate). */
export const RATE_CARD_LENGTHS_MAX = 30;
/** A season's percentage lies within these. */
export const SEASON_PERCENT = { min: 10, max: 500 } as const;

/** The rate of the k-th day (1-based) on a card: the step from the (k−1)-day rental to k days. */
export function dayRate(card: RateCard, day: number): number {
  if (day > card.lengths.length) return card.furtherDayFen;
  return card.lengths[day - 1]! - (day > 1 ? card.lengths[day - 2]! : 0);
}

/** A half day on a card: its half-day price, or a whole first day where it sets none. */
export function halfDayRate(card: RateCard): number {
  return card.halfDayFen ?? card.lengths[0]!;
}

/**
 * A half day: a rental starting at or after the store's afternoon start (minutes since midnight)
 * and due back on the same calendar day of the store. Both ends are read on the store's clock.
 */
export function isHalfDay(
  start: { date: string; minutes: number },
  end: { date: string },
  afternoonFrom: number,
): boolean {
  return start.minutes >= afternoonFrom && end.date === start.date;
}

/** YYYY-MM-DD plus some days, on the calendar (no time zone: it is the store's day already). */
export function addDays(date: string, days: number): string {
  const t = Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10));
  return new Date(t + days * 86_400_000).toISOString().slice(0, 10);
}

function isWeekend(date: string): boolean {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return weekday === 0 || weekday === 6;
}

/** The percent a calendar day is priced at, and why. */
export function dayPercent(
  calendar: PricingCalendar,
  date: string,
): Pick<PricedDay, 'percent' | 'because'> {
  if (calendar.holidays.includes(date)) {
    return {
      percent: calendar.holidayPercent,
      because: { kind: 'holiday', name: '节假日', nameEn: 'public holiday' },
    };
  }
  const season = calendar.seasons.find((s) => s.from <= date && date <= s.to);
  if (!season) return { percent: 100, because: null };
  if (season.weekendPercent !== undefined && isWeekend(date)) {
    return {
      percent: season.weekendPercent,
      because: { kind: 'weekend', name: season.name, nameEn: season.nameEn },
    };
  }
  return {
    percent: season.percent,
    because: { kind: 'season', name: season.name, nameEn: season.nameEn },
  };
}

/**
 * Days `fromDay` to `toDay` (1-based, inclusive) of a rental starting on `start`, each at the
 * card's rate for its place times its calendar day's percent. A whole rental is days 1 to n;
 * an extension from n to m days is days n+1 to m, so it costs the difference; a late day is the
 * day after the rental's last. A half day's first day is at the card's half-day rate; the days
 * after it keep their places' rates, so an extension of a half day costs what it costs any
 * rental of one day.
 */
export function priceDays(
  card: RateCard,
  calendar: PricingCalendar,
  start: string,
  fromDay: number,
  toDay: number,
  halfDay = false,
): { days: PricedDay[]; rentFen: number } {
  const days: PricedDay[] = [];
  let rentFen = 0;
  for (let day = fromDay; day <= toDay; day++) {
    const date = addDays(start, day - 1);
    const rateFen = halfDay && day === 1 ? halfDayRate(card) : dayRate(card, day);
    const { percent, because } = dayPercent(calendar, date);
    // Whole yuan times a whole percent is a whole fen; a daily price in fen (gear without a card)
    // rounds to the fen, each day on its own.
    const amountFen = Math.round((rateFen * percent) / 100);
    days.push({
      date,
      day,
      rateFen,
      percent,
      because: percent === 100 ? null : because,
      amountFen,
    });
    rentFen += amountFen;
  }
  return { days, rentFen };
}

/**
 * The early-booking discount on a line's rent (fen, rounded once), when the rental starts at
 * least `daysAhead` calendar days after the day it is booked.
 */
export function earlyBookingOff(
  rule: EarlyBooking | null,
  rentFen: number,
  bookedOn: string,
  start: string,
): number {
  if (!rule || rule.percentOff <= 0) return 0;
  if (addDays(bookedOn, rule.daysAhead) > start) return 0;
  return Math.round((rentFen * rule.percentOff) / 100);
}

/** A rider this young (years) or sized in children's sizes rents on the junior cards. */
export function isJunior(
  rider: { age?: number | null; childSizes?: boolean },
  juniorAge: number,
): boolean {
  return Boolean(rider.childSizes) || (rider.age != null && rider.age < juniorAge);
}

// ---- what a shop may save ------------------------------------------------------------------------

export const RateCardIssue = {
  /** No lengths, or more than RATE_CARD_LENGTHS_MAX. */
  Lengths: 'Lengths',
  /** A price below zero, above the maximum, or not whole yuan; or a first day of nothing. */
  Price: 'Price',
  /** A longer rental cheaper than a shorter one. */
  LongerCheaper: 'LongerCheaper',
  /** A junior day dearer than the adult's at the same place. */
  JuniorDearer: 'JuniorDearer',
  /** A pack's day dearer than its parts' together. */
  PackDearer: 'PackDearer',
  /** A half day of nothing, not whole yuan, or dearer than the first day. */
  HalfDay: 'HalfDay',
} as const;
export type RateCardIssue = (typeof RateCardIssue)[keyof typeof RateCardIssue];

const wholeYuan = (fen: number) =>
  Number.isInteger(fen) && fen >= 0 && fen <= RATE_CARD_PRICE_MAX_FEN && fen % 100 === 0;

/** What is wrong with a card, if anything: the first problem found. */
export function rateCardProblem(card: RateCard): RateCardIssue | null {
  if (card.lengths.length < 1 || card.lengths.length > RATE_CARD_LENGTHS_MAX) {
    return RateCardIssue.Lengths;
  }
  if (![...card.lengths, card.furtherDayFen].every(wholeYuan) || card.lengths[0] === 0) {
    return RateCardIssue.Price;
  }
  for (let k = 1; k < card.lengths.length; k++) {
    if (card.lengths[k]! < card.lengths[k - 1]!) return RateCardIssue.LongerCheaper;
  }
  const half = card.halfDayFen;
  if (half != null && (!wholeYuan(half) || half === 0 || half > card.lengths[0]!)) {
    return RateCardIssue.HalfDay;
  }
  return null;
}

/** The places a comparison of day rates runs over: every table length and one further day. */
const places = (...cards: RateCard[]) =>
  Array.from({ length: Math.max(...cards.map((c) => c.lengths.length)) + 1 }, (_, i) => i + 1);

/**
 * A junior card beside its adult one: no junior day dearer than the adult day at the same place
 * (days, not totals: a peak day on the dearer step would otherwise tip a total over).
 */
export function juniorCardProblem(junior: RateCard, adult: RateCard): RateCardIssue | null {
  return places(junior, adult).every((d) => dayRate(junior, d) <= dayRate(adult, d)) &&
    halfDayRate(junior) <= halfDayRate(adult)
    ? null
    : RateCardIssue.JuniorDearer;
}

/** A pack's card beside its parts' cards: no pack day dearer than its parts' days together. */
export function packCardProblem(pack: RateCard, parts: RateCard[]): RateCardIssue | null {
  return places(pack, ...parts).every(
    (d) => dayRate(pack, d) <= parts.reduce((sum, part) => sum + dayRate(part, d), 0),
  ) && halfDayRate(pack) <= parts.reduce((sum, part) => sum + halfDayRate(part), 0)
    ? null
    : RateCardIssue.PackDearer;
}

export const CalendarIssue = {
  /** A season ending before it starts, or a day that is not a calendar day. */
  Dates: 'Dates',
  /** Two seasons sharing a day. */
  Overlap: 'Overlap',
  /** A percentage outside SEASON_PERCENT. */
  Percent: 'Percent',
  /** An early-booking discount of 100 % or more, or below nothing; or no days ahead. */
  EarlyBooking: 'EarlyBooking',
} as const;
export type CalendarIssue = (typeof CalendarIssue)[keyof typeof CalendarIssue];

const isDay = (date: string) => /^\d{4}-\d{2}-\d{2}$/.test(date) && addDays(date, 0) === date;
const percentOk = (p: number | undefined) =>
  p === undefined || (Number.isInteger(p) && p >= SEASON_PERCENT.min && p <= SEASON_PERCENT.max);

/** What is wrong with a store's calendar and early booking, if anything. */
export function calendarProblem(
  calendar: PricingCalendar,
  early: EarlyBooking | null,
): CalendarIssue | null {
  const seasons = [...calendar.seasons].sort((a, b) => a.from.localeCompare(b.from));
  for (const s of seasons) {
    if (!isDay(s.from) || !isDay(s.to) || s.to < s.from) return CalendarIssue.Dates;
    if (!percentOk(s.percent) || !percentOk(s.weekendPercent)) return CalendarIssue.Percent;
  }
  for (let i = 1; i < seasons.length; i++) {
    if (seasons[i]!.from <= seasons[i - 1]!.to) return CalendarIssue.Overlap;
  }
  if (!calendar.holidays.every(isDay)) return CalendarIssue.Dates;
  if (!percentOk(calendar.holidayPercent)) return CalendarIssue.Percent;
  if (
    early &&
    (!Number.isInteger(early.percentOff) ||
      early.percentOff < 0 ||
      early.percentOff >= 100 ||
      !Number.isInteger(early.daysAhead) ||
      early.daysAhead < 1)
  ) {
    return CalendarIssue.EarlyBooking;
  }
  return null;
}

// ---- on the wire ---------------------------------------------------------------------------------

/** What a card prices: a kind of gear (a category) or a pack. */
export const RateCardSubjectKindSchema = z.enum(['category', 'pack']);
export type RateCardSubjectKind = z.infer<typeof RateCardSubjectKindSchema>;

/** A price of a card in yuan: whole, 0 to ¥100,000. */
const cardYuan = () =>
  decimalInput(
    z
      .number()
      .int(ValidationCode.RateCardPrice)
      .min(0, ValidationCode.RateCardPrice)
      .max(RATE_CARD_PRICE_MAX_FEN / 100, ValidationCode.RateCardPrice),
  );

/** Yuan on the wire to the fen the rules read. */
export const cardInFen = (card: {
  lengths: number[];
  furtherDay: number;
  deposit?: number | null;
  halfDay?: number | null;
}): RateCard => ({
  lengths: card.lengths.map((yuan) => Math.round(yuan * 100)),
  furtherDayFen: Math.round(card.furtherDay * 100),
  depositFen: card.deposit == null ? null : Math.round(card.deposit * 100),
  halfDayFen: card.halfDay == null ? null : Math.round(card.halfDay * 100),
});

/**
 * A card saved for a store (storeId) or for every store that has none of its own (null): the
 * price of each length in yuan, then of each further day. The screen checks the card's own rules
 * as the server does; the junior and pack rules need the other cards (the server's).
 */
export const RateCardSaveSchema = z
  .object({
    storeId: z.uuid().nullable(),
    subjectKind: RateCardSubjectKindSchema,
    subjectId: z.uuid(),
    junior: z.boolean(),
    lengths: z
      .array(cardYuan())
      .min(1, ValidationCode.RateCardLengths)
      .max(RATE_CARD_LENGTHS_MAX, ValidationCode.RateCardLengths),
    furtherDay: cardYuan(),
    /** The deposit a rental on this card holds (a junior's lower); null: the gear's own. */
    deposit: cardYuan().nullable().default(null),
    /** An afternoon's rental, back the same day; null: a half day costs the first day. */
    halfDay: cardYuan().nullable().default(null),
  })
  .superRefine((v, ctx) => {
    if (v.lengths[0] === 0) {
      ctx.addIssue({ code: 'custom', path: ['lengths', 0], message: ValidationCode.RateCardPrice });
    }
    if (v.halfDay !== null && (v.halfDay === 0 || v.halfDay > (v.lengths[0] ?? 0))) {
      ctx.addIssue({ code: 'custom', path: ['halfDay'], message: ValidationCode.RateCardHalfDay });
    }
    const cheaper = v.lengths.findIndex((yuan, i) => i > 0 && yuan < v.lengths[i - 1]!);
    if (cheaper > 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['lengths', cheaper],
        message: ValidationCode.RateCardLongerCheaper,
      });
    }
  });
export type RateCardSave = z.infer<typeof RateCardSaveSchema>;

export const RateCardSchema = z.object({
  id: z.uuid(),
  /** Null: the business's card, for every store without one of its own. */
  storeId: z.uuid().nullable(),
  subjectKind: RateCardSubjectKindSchema,
  subjectId: z.uuid(),
  /** In the reader's language. */
  subjectName: z.string(),
  junior: z.boolean(),
  lengths: z.array(z.number()),
  furtherDay: z.number(),
  deposit: z.number().nullable(),
  halfDay: z.number().nullable(),
  lastModificationTime: z.string(),
});
export type RateCardDto = z.infer<typeof RateCardSchema>;

/** A store's cards: its own, and the business's where it has none of its own (`inherited`). */
export const RateCardListSchema = z.object({
  storeId: z.uuid().nullable(),
  items: z.array(RateCardSchema.extend({ inherited: z.boolean() })),
});

export const RateCardQuerySchema = z.object({ storeId: z.uuid().optional() });

/** "A 3-day Sport pack for an adult starting 2027-02-08 costs …", booked on `bookedOn`. */
export const RateCardPreviewQuerySchema = z.object({
  storeId: z.uuid(),
  subjectKind: RateCardSubjectKindSchema,
  subjectId: z.uuid(),
  junior: z.enum(['true', 'false']).transform((v) => v === 'true'),
  start: queryDay(),
  days: queryInteger(z.number().int().min(1).max(365)),
  bookedOn: queryDay().optional(),
});

export const RateCardPreviewSchema = z.object({
  /** Whose card priced it: the store's own or the business's. */
  card: z.enum(['store', 'business']),
  days: z.array(
    z.object({
      date: z.string(),
      day: z.number(),
      rate: z.number(),
      percent: z.number(),
      because: z
        .object({
          kind: z.enum(['season', 'weekend', 'holiday']),
          name: z.string(),
          nameEn: z.string(),
        })
        .nullable(),
      amount: z.number(),
    }),
  ),
  rent: z.number(),
  earlyBookingOff: z.number(),
  total: z.number(),
});
export type RateCardPreview = z.infer<typeof RateCardPreviewSchema>;

// ---- price seasons on the wire --------------------------------------------------------------------

const seasonPercent = () =>
  decimalInput(
    z
      .number()
      .int(ValidationCode.SeasonPercent)
      .min(SEASON_PERCENT.min, ValidationCode.SeasonPercent)
      .max(SEASON_PERCENT.max, ValidationCode.SeasonPercent),
  );

/**
 * A season of one store, or (storeId null) of every store that has none of its own: its days,
 * inclusive, and the percent of the card they cost (a weekend percent within it, optionally).
 */
export const PriceSeasonSaveSchema = z
  .object({
    storeId: z.uuid().nullable(),
    from: queryDay(),
    to: queryDay(),
    percent: seasonPercent(),
    weekendPercent: seasonPercent().nullable(),
    name: singleLineText({ max: 40, required: ValidationCode.NameRequired }),
    nameEn: singleLineText({ max: 60 }),
  })
  .refine((v) => v.to >= v.from, { path: ['to'], message: ValidationCode.SeasonDates });
export type PriceSeasonSave = z.infer<typeof PriceSeasonSaveSchema>;

export const PriceSeasonSchema = z.object({
  id: z.uuid(),
  storeId: z.uuid().nullable(),
  from: z.string(),
  to: z.string(),
  percent: z.number(),
  weekendPercent: z.number().nullable(),
  name: z.string(),
  nameEn: z.string(),
});
export type PriceSeasonDto = z.infer<typeof PriceSeasonSchema>;

/** A store's seasons: its own, or the business's when it has none (`inherited`). */
export const PriceSeasonListSchema = z.object({
  storeId: z.uuid().nullable(),
  inherited: z.boolean(),
  items: z.array(PriceSeasonSchema),
});
