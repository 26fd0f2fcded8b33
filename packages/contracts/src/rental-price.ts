import {
  earlyBookingOff,
  halfDayRate,
  priceDays,
  type EarlyBooking,
  type PricedDay,
  type PricingCalendar,
  type RateCard,
} from './rate-cards.js';

/**
 * A rental's rent, one priced unit at a time (issue 60, docs/pricing.md): a single piece of gear
 * or a pack with its parts. The server chooses each unit's card (the store's, the business's, the
 * junior one, or the gear's own daily price where no card applies) and this prices it, day by day
 * on the store's calendar, takes the early-booking discount off once, and shares the result over
 * the unit's parts so every order line holds its own rent and its own share of the card (what an
 * extension or a late day of that line is priced on later).
 */

/** `total` split in proportion to `weights` (largest remainders), so the parts add up exactly. */
export function share(total: number, weights: number[]): number[] {
  const sum = weights.reduce((n, w) => n + w, 0);
  if (weights.length === 0) return [];
  const exact = weights.map((w) => (sum > 0 ? (total * w) / sum : total / weights.length));
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((n, p) => n + p, 0);
  const order = exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r);
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i]! += 1;
    left -= 1;
  }
  return parts;
}

/** A card of one price a day: how gear without a rate card has always been priced. */
export const dailyCard = (dailyFen: number): RateCard => ({
  lengths: [dailyFen],
  furtherDayFen: dailyFen,
});

/** Where a unit's card came from. */
export type CardSource = 'card' | 'junior' | 'daily';

export interface PriceUnitInput {
  /** The unit's card: the pack's for a pack, the gear's own for one piece. */
  card: RateCard;
  source: CardSource;
  /** Each part's own card (one part for a single piece): what it would cost rented alone. */
  parts: RateCard[];
}

export interface RentalTerms {
  calendar: PricingCalendar;
  /** The store's calendar day the rental starts. */
  start: string;
  days: number;
  /** An afternoon's rental back the same day (`isHalfDay`; `days` is 1): its card's half day. */
  halfDay?: boolean;
  /** Null where the early-booking discount does not apply (the counter, an agent). */
  early: EarlyBooking | null;
  /** The store's calendar day the rental is booked. */
  bookedOn: string;
}

export interface PricedUnit {
  /** The rent at the card's prices before any early-booking discount (fen). */
  grossFen: number;
  earlyOffFen: number;
  /** What the unit costs: gross less the early-booking discount. */
  rentFen: number;
  /** The card's price for the rental's length, at 100 % (what the table says). */
  tableFen: number;
  /** Its parts rented alone on the same days (fen, before any discount). */
  aloneFen: number;
  /**
   * What renting the parts alone would cost after the same early-booking discount: a pack's
   * saving is this less its rent, the yuan its renter keeps (the catalog, the quote and the
   * explanation all say this one figure).
   */
  aloneRentFen: number;
  days: PricedDay[];
  /** Each part's rent (adding up to rentFen) and its share of the card. */
  parts: { rentFen: number; card: RateCard }[];
}

/** A card's price of `days` days (or of a half day) at 100 %. */
export function tablePrice(card: RateCard, days: number, halfDay = false): number {
  if (halfDay && days === 1) return halfDayRate(card);
  if (days <= card.lengths.length) return card.lengths[days - 1]!;
  return card.lengths.at(-1)! + (days - card.lengths.length) * card.furtherDayFen;
}

/** One unit of a rental, priced. */
export function priceUnit(unit: PriceUnitInput, terms: RentalTerms): PricedUnit {
  const half = terms.halfDay === true && terms.days === 1;
  const { days, rentFen: grossFen } = priceDays(
    unit.card,
    terms.calendar,
    terms.start,
    1,
    terms.days,
    half,
  );
  const partsAlone = unit.parts.map(
    (card) => priceDays(card, terms.calendar, terms.start, 1, terms.days, half).rentFen,
  );
  const aloneFen = partsAlone.reduce((n, fen) => n + fen, 0);
  const earlyOffFen = earlyBookingOff(terms.early, grossFen, terms.bookedOn, terms.start);
  const rentFen = grossFen - earlyOffFen;
  const weights = partsAlone.some((fen) => fen > 0) ? partsAlone : unit.parts.map(() => 1);
  const rents = share(rentFen, weights);
  // Each part's share of every price on the card, in the same proportion.
  const lengths = unit.card.lengths.map((fen) => share(fen, weights));
  const further = share(unit.card.furtherDayFen, weights);
  const halves = unit.card.halfDayFen == null ? null : share(unit.card.halfDayFen, weights);
  return {
    grossFen,
    earlyOffFen,
    rentFen,
    tableFen: tablePrice(unit.card, terms.days, half),
    aloneFen,
    aloneRentFen: aloneFen - earlyBookingOff(terms.early, aloneFen, terms.bookedOn, terms.start),
    days,
    parts: unit.parts.map((_, i) => ({
      rentFen: rents[i]!,
      card:
        unit.parts.length === 1
          ? unit.card
          : {
              lengths: lengths.map((l) => l[i]!),
              furtherDayFen: further[i]!,
              ...(halves ? { halfDayFen: halves[i]! } : {}),
            },
    })),
  };
}

/**
 * Days `fromDay` to `toDay` of a line already priced (an extension, or late days), on the card
 * it keeps and the calendar its order keeps. Nothing when the span is empty.
 */
export function priceMoreDays(
  card: RateCard,
  calendar: PricingCalendar,
  start: string,
  fromDay: number,
  toDay: number,
): number {
  if (toDay < fromDay) return 0;
  return priceDays(card, calendar, start, fromDay, toDay).rentFen;
}

/** The percents a rental's days were priced at, grouped (春节 ×1.5 on 2 days …), in day order. */
export function percentsOf(days: PricedDay[]): {
  percent: number;
  kind: 'season' | 'weekend' | 'holiday';
  name: string;
  nameEn: string;
  days: number;
}[] {
  const groups: ReturnType<typeof percentsOf> = [];
  for (const day of days) {
    if (!day.because) continue;
    const same = groups.find(
      (g) =>
        g.percent === day.percent && g.kind === day.because!.kind && g.name === day.because!.name,
    );
    if (same) same.days += 1;
    else groups.push({ percent: day.percent, ...day.because, days: 1 });
  }
  return groups;
}
