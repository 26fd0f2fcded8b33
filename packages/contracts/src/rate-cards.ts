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
 * day after the rental's last.
 */
export function priceDays(
  card: RateCard,
  calendar: PricingCalendar,
  start: string,
  fromDay: number,
  toDay: number,
): { days: PricedDay[]; rentFen: number } {
  const days: PricedDay[] = [];
  let rentFen = 0;
  for (let day = fromDay; day <= toDay; day++) {
    const date = addDays(start, day - 1);
    const rateFen = dayRate(card, day);
    const { percent, because } = dayPercent(calendar, date);
    // Whole yuan times a whole percent: a whole fen.
    const amountFen = (rateFen * percent) / 100;
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
  return places(junior, adult).every((d) => dayRate(junior, d) <= dayRate(adult, d))
    ? null
    : RateCardIssue.JuniorDearer;
}

/** A pack's card beside its parts' cards: no pack day dearer than its parts' days together. */
export function packCardProblem(pack: RateCard, parts: RateCard[]): RateCardIssue | null {
  return places(pack, ...parts).every(
    (d) => dayRate(pack, d) <= parts.reduce((sum, part) => sum + dayRate(part, d), 0),
  )
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
