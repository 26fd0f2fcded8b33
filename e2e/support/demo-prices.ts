import { demoSeasons, type DemoCard } from '@snowgear/server/demo/pricing';

/**
 * The demo's prices as the journeys reckon them (docs/pricing.md), to hold a screen's figure to
 * the rate card's: the store's calendar day, a day's rate on a card, a day's percent.
 */
const DAY = 86_400_000;

/** The store's calendar day of an instant (YYYY-MM-DD, Asia/Shanghai). */
export const storeDay = (d: Date) => d.toLocaleDateString('en-CA', { timeZone: 'Asia/Shanghai' });

/** A calendar day plus some days. */
export const addDays = (day: string, n: number) =>
  new Date(new Date(`${day}T00:00:00Z`).getTime() + n * DAY).toISOString().slice(0, 10);

export const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

/** The k-th day's rate on a card (yuan): what k days cost more than k − 1. */
export const rate = (card: DemoCard, k: number) =>
  k > card.lengths.length ? card.furtherDay : card.lengths[k - 1]! - (card.lengths[k - 2] ?? 0);

/** The percent of the demo's card a day costs, in the winter as read on `today`. */
export function percentOn(today: string, day: string) {
  const season = demoSeasons(today).find((s) => s.from <= day && day <= s.to);
  if (!season) return 100;
  const weekend = weekday(day) === 0 || weekday(day) === 6;
  return weekend && season.weekendPercent ? season.weekendPercent : season.percent;
}
