import { dailyCard, priceMoreDays, type PricingCalendar, type RateCard } from '@snowgear/contracts';

/**
 * What an order keeps of how it was priced (`orders.pricing_calendar`): the store's seasons then,
 * and the store's calendar day its rental started, so its extensions and late days are priced on
 * the same days without asking the store's time zone again.
 */
export type OrderPricing = PricingCalendar & { start: string };

const EVERY_DAY_FULL: PricingCalendar = { seasons: [], holidays: [], holidayPercent: 100 };

/**
 * Days `fromDay` to `toDay` of an order line, priced as the line was (docs/pricing.md): on its
 * share of its rate card and its order's calendar. An extension from n to m days is days n+1 to m;
 * d days late are days n+1 to n+d. Lines from before rate cards cost their daily price a day.
 */
export function lineDaysFen(
  line: { rateCard: RateCard | null; dailyPriceFen: number },
  pricing: OrderPricing | null,
  fromDay: number,
  toDay: number,
): number {
  const card = line.rateCard ?? dailyCard(line.dailyPriceFen);
  if (!pricing) return priceMoreDays(card, EVERY_DAY_FULL, '2000-01-01', fromDay, toDay);
  return priceMoreDays(card, pricing, pricing.start, fromDay, toDay);
}

/**
 * What extending an order by 1, 2, … `upTo` days costs (fen): each line still out, its days after
 * the rental's last on its card and its order's calendar; nothing for a free order.
 */
export function extensionFees(
  lines: readonly { rateCard: RateCard | null; dailyPriceFen: number; days: number }[],
  pricing: OrderPricing | null,
  upTo: number,
  free: boolean,
): number[] {
  return Array.from({ length: Math.max(0, upTo) }, (_, i) =>
    free
      ? 0
      : lines.reduce(
          (sum, line) => sum + lineDaysFen(line, pricing, line.days + 1, line.days + i + 1),
          0,
        ),
  );
}
