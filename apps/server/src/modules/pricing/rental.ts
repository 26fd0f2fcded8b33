import {
  clockMinutes,
  dailyCard,
  isHalfDay,
  isJunior,
  percentsOf,
  priceUnit,
  share,
  type CardSource,
  type PricedUnit,
  type PricingCalendar,
  type RateCard,
} from '@snowgear/contracts';
import { localMinute } from '@/lib/local-time.js';
import type { StorePricing } from './store-pricing.js';

/** One line of a rental as the pricing reads it. */
export interface RentalLine {
  categoryId: string | null;
  label: string;
  /** The label in English ('' where the business gave none: the Chinese shows). */
  labelEn: string;
  /** The gear's own daily price (or its kind's cheapest): its card where no rate card applies. */
  dailyFen: number;
  /**
   * A pack part's own daily price, where `dailyFen` is its share of the pack's: its card where
   * its kind has none, so the pack's saving and its sharing measure the part as rented alone.
   */
  aloneDailyFen?: number | undefined;
  /** A price the clerk typed for this line: it is the card, whatever the rate cards say. */
  overridden?: boolean;
  /** The line's own deposit (a pack's share of the pack's): held unless the card says another. */
  depositFen: number;
  /** A deposit the clerk typed for this line: it stands, whatever the card says. */
  depositOverridden?: boolean;
  /**
   * In a size only a child wears (contracts' `childSized`; null or absent: not sized, or its size
   * unknown). A unit whose sized parts are all a child's is a junior's.
   */
  childSize?: boolean | null;
  /** The gear's size values (attribute id → value; a kind line's asked-for size): its grade. */
  sizeValues?: Record<string, string>;
}

/** Lines priced together: one piece of gear, or a pack's parts, for one rider (or none). */
export interface RentalUnit {
  lines: number[];
  pack: { id: string; name: string; nameEn: string; dailyFen: number } | null;
  rider: { name: string; age: number | null } | null;
}

export interface RentalTermsInput {
  /** The store's calendar day the rental starts, and the day it is booked. */
  start: string;
  bookedOn: string;
  days: number;
  /** An afternoon's rental back the same day (`halfDayAt`): its cards' half-day prices. */
  halfDay?: boolean;
  /** Booked online by the customer: the early-booking discount applies. */
  online: boolean;
}

/**
 * Whether a rental is a half day at its store: it starts at or after the store's afternoon
 * start and is due back the same day, both read on the store's clock (docs/pricing.md).
 */
export function halfDayAt(
  pricing: Pick<StorePricing, 'halfDayFrom'>,
  start: Date,
  end: Date,
  timeZone: string,
): boolean {
  const from = localMinute(start, timeZone);
  return isHalfDay(
    { date: from.slice(0, 10), minutes: clockMinutes(from.slice(11, 16)) ?? 0 },
    { date: localMinute(end, timeZone).slice(0, 10) },
    pricing.halfDayFrom,
  );
}

export interface PricedRentalUnit {
  lines: number[];
  /** The pack its lines make up, if any. */
  pack: RentalUnit['pack'];
  rentFen: number;
  earlyOffFen: number;
  junior: boolean;
  source: CardSource;
  /** How the price came about, in Chinese and in English ('' where names have no English). */
  description: string;
  descriptionEn: string;
  /** More than a daily price × days to say (a card, a season, a discount, a pack's saving). */
  explained: boolean;
  priced: PricedUnit;
}

export interface PricedRental {
  /**
   * Per line: its rent, its share of the card it keeps for extensions and late days, and the
   * deposit it holds (the card's, shared over a pack's parts, where the card sets one).
   */
  lines: { rentFen: number; card: RateCard; depositFen: number }[];
  units: PricedRentalUnit[];
  /** The calendar the rental was priced on, kept with the order. */
  calendar: PricingCalendar;
  rentFen: number;
}

/** Yuan as the explanations write it: ¥460, ¥45.50. */
const money = (fen: number) => `¥${fen % 100 === 0 ? fen / 100 : (fen / 100).toFixed(2)}`;
const factor = (percent: number) => `×${percent / 100}`;

/**
 * A rental priced on the store's cards and calendar (docs/pricing.md): each unit on its card
 * (a pack's own or a piece's kind's, junior where the rider is one and the store has a junior
 * card), day by day, with the early-booking discount for a booking online. Gear with no card
 * keeps its daily price as its card, so a store without cards prices as it always has.
 */
export function priceRental(
  pricing: StorePricing,
  lines: RentalLine[],
  units: RentalUnit[],
  terms: RentalTermsInput,
): PricedRental {
  const out: PricedRental['lines'] = lines.map((l) => ({
    rentFen: 0,
    card: dailyCard(l.dailyFen),
    depositFen: l.depositFen,
  }));
  // A junior: a rider under the junior age, or gear all in sizes only a child wears, whoever it
  // is for (an adult's pack with a child's poles, the adult's being out, stays an adult's).
  const junior = (unit: RentalUnit) => {
    const sized = unit.lines.map((i) => lines[i]!.childSize).filter((c) => c != null);
    return isJunior(
      { age: unit.rider?.age ?? null, childSizes: sized.length > 0 && sized.every(Boolean) },
      pricing.juniorAge,
    );
  };
  const cardFor = (
    kind: 'category' | 'pack',
    id: string | null,
    young: boolean,
  ): { card: RateCard; source: CardSource } | null => {
    if (!id) return null;
    const youth = young ? pricing.cardOf(kind, id, true) : null;
    if (youth) return { card: youth, source: 'junior' };
    const adult = pricing.cardOf(kind, id, false);
    return adult ? { card: adult, source: 'card' } : null;
  };
  const lineCard = (index: number, young: boolean) => {
    const line = lines[index]!;
    if (line.overridden) return { card: dailyCard(line.dailyFen), source: 'daily' as const };
    return (
      cardFor('category', line.categoryId, young) ?? {
        card: dailyCard(line.aloneDailyFen ?? line.dailyFen),
        source: 'daily' as const,
      }
    );
  };
  const priced = units.map((unit): PricedRentalUnit => {
    const young = junior(unit);
    const parts = unit.lines.map((i) => lineCard(i, young));
    const own = unit.pack
      ? (cardFor('pack', unit.pack.id, young) ?? {
          card: dailyCard(unit.pack.dailyFen),
          source: 'daily' as const,
        })
      : parts[0]!;
    const result = priceUnit(
      { card: own.card, source: own.source, parts: parts.map((p) => p.card) },
      {
        calendar: pricing.calendar,
        start: terms.start,
        days: terms.days,
        halfDay: terms.halfDay === true,
        early: terms.online ? pricing.early : null,
        bookedOn: terms.bookedOn,
      },
    );
    // A card's own deposit (a junior's is lower) replaces the gear's, shared as the gear's was.
    const cardDeposit = own.card.depositFen;
    const deposits =
      cardDeposit != null && !unit.lines.some((i) => lines[i]!.depositOverridden)
        ? share(
            cardDeposit,
            unit.lines.map((i) => lines[i]!.depositFen),
          )
        : unit.lines.map((i) => lines[i]!.depositFen);
    unit.lines.forEach((index, i) => {
      out[index] = { ...result.parts[i]!, depositFen: deposits[i]! };
    });
    const label = unit.pack?.name ?? lines[unit.lines[0]!]!.label;
    const labelEn = unit.pack ? unit.pack.nameEn : lines[unit.lines[0]!]!.labelEn;
    return {
      lines: unit.lines,
      pack: unit.pack,
      rentFen: result.rentFen,
      earlyOffFen: result.earlyOffFen,
      junior: own.source === 'junior',
      source: own.source,
      ...explain(result, {
        label,
        labelEn,
        days: terms.days,
        half: terms.halfDay === true && terms.days === 1 && own.card.halfDayFen != null,
        pack: unit.pack !== null,
        junior: own.source === 'junior' ? (unit.rider?.name ?? '') : null,
        daysAhead: pricing.early?.daysAhead ?? 0,
        percentOff: pricing.early?.percentOff ?? 0,
        daily: own.source === 'daily',
      }),
      priced: result,
    };
  });
  return {
    lines: out,
    units: priced,
    calendar: pricing.calendar,
    rentFen: priced.reduce((n, u) => n + u.rentFen, 0),
  };
}

/**
 * How a unit's price came about, in both languages: "双板全套 · 进阶 · 3 天 ¥460（套餐价，比单租省
 * ¥110）· 春节 ×1.5 · 提前 7 天预订 −10 %". Gear on its daily price with nothing else to say keeps
 * the plain "双板 × 3" it always had.
 */
function explain(
  unit: PricedUnit,
  of: {
    label: string;
    labelEn: string;
    days: number;
    /** Priced at its card's half-day price. */
    half: boolean;
    pack: boolean;
    /** The junior rider's name, where the junior card priced it. */
    junior: string | null;
    daysAhead: number;
    percentOff: number;
    daily: boolean;
  },
): { description: string; descriptionEn: string; explained: boolean } {
  const percents = percentsOf(unit.days);
  const saving = of.pack ? unit.aloneRentFen - unit.rentFen : 0;
  if (of.daily && percents.length === 0 && unit.earlyOffFen === 0 && saving <= 0) {
    return {
      description: `${of.label} × ${of.days}`,
      descriptionEn: of.labelEn ? `${of.labelEn} × ${of.days}` : '',
      explained: false,
    };
  }
  const zh = [`${of.label} · ${of.half ? '半天' : `${of.days} 天`} ${money(unit.tableFen)}`];
  const en = [
    `${of.labelEn} · ${of.half ? 'half day' : `${of.days} ${of.days === 1 ? 'day' : 'days'}`} ${money(unit.tableFen)}`,
  ];
  if (saving > 0) {
    zh[0] += `（套餐价，比单租省 ${money(saving)}）`;
    en[0] += ` (pack price, ${money(saving)} less than the parts)`;
  }
  if (of.junior !== null) {
    zh.push(of.junior ? `${of.junior} 儿童价` : '儿童价');
    en.push(of.junior ? `junior rate for ${of.junior}` : 'junior rate');
  }
  for (const p of percents) {
    const whole = p.days === of.days;
    const zhName = p.kind === 'weekend' ? `${p.name}周末` : p.name;
    const enName = p.kind === 'weekend' ? `${p.nameEn || p.name} weekend` : p.nameEn || p.name;
    zh.push(`${zhName} ${factor(p.percent)}${whole ? '' : `（${p.days} 天）`}`);
    en.push(
      `${enName} ${factor(p.percent)}${whole ? '' : ` (${p.days} ${p.days === 1 ? 'day' : 'days'})`}`,
    );
  }
  if (unit.earlyOffFen > 0) {
    zh.push(`提前 ${of.daysAhead} 天预订 −${of.percentOff} %`);
    en.push(`booked ${of.daysAhead} days ahead −${of.percentOff} %`);
  }
  return {
    description: zh.join(' · '),
    descriptionEn: of.labelEn ? en.join(' · ') : '',
    explained: true,
  };
}
