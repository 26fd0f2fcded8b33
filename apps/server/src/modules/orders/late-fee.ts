import { DEFAULT_LATE_RETURN_GRACE_HOURS } from '@snowgear/contracts';

/**
 * Late returns (the rental agreement: "超时归还按日租金计收续租费用"), as a pure rule.
 *
 * - Time past the rental end within the grace (business parameter LateReturnGraceHours, default
 *   1 hour) is free; a return exactly at the grace's end is still free.
 * - Once past the grace, the count runs from the rental end, not from the grace's end: every
 *   started 24 hours counts as a day (1 day 23 h late is 2 days; 1 h 5 min late with 1 h of grace
 *   is 1 day).
 * - Each line is charged its own daily rent for the days it was late, measured at the moment that
 *   line came back; a line back before the end (an early return) costs nothing.
 * - Free orders (hospitality, loans) are never charged.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The grace in hours from the parameter's text: blank or nonsense is the default, never below 0. */
export function graceHoursOf(value: string | null | undefined): number {
  const text = (value ?? '').trim();
  const n = Number(text);
  if (!text || !Number.isFinite(n)) return DEFAULT_LATE_RETURN_GRACE_HOURS;
  return Math.max(0, n);
}

/** Started days late for gear back at `backAt` (0 before the end and within the grace). */
export function daysLate(rentalEnd: Date, backAt: Date, graceHours: number): number {
  const late = backAt.getTime() - rentalEnd.getTime();
  if (late <= 0 || late <= graceHours * HOUR_MS) return 0;
  return Math.ceil(late / DAY_MS);
}

/** One line of an order: its daily rent, and when it came back (null: it never went out). */
export interface LateLine {
  dailyPriceFen: number;
  /**
   * What this many days late cost: the days after the rental's last on the line's card and its
   * order's calendar (modules/pricing/more-days.ts). Absent: the daily rent a day.
   */
  lateFen?: (days: number) => number;
  backAt: Date | null;
}

export interface LateFeeFigures {
  /** Σ days late × daily rent over the lines, in fen. */
  amountFen: number;
  /** The most started days any line was late (what the order's line says). */
  days: number;
  /** Whole hours past the end of the latest line back (or still out). */
  hoursLate: number;
  /** The rental end: lateness counts from here. */
  since: Date;
  /** When charging starts: the end plus the grace. */
  chargedFrom: Date;
  graceHours: number;
  /** The daily rent of the lines back (or still out) after the end, in fen. */
  dailyRentFen: number;
}

/**
 * The late fee of an order whose lines came back (or are measured) at the given moments. Null
 * when nothing was out past the rental end, and always for a free order.
 */
export function lateFee(input: {
  rentalEnd: Date;
  graceHours: number;
  free: boolean;
  lines: readonly LateLine[];
}): LateFeeFigures | null {
  if (input.free) return null;
  const end = input.rentalEnd.getTime();
  const late = input.lines.filter(
    (l): l is LateLine & { backAt: Date } => l.backAt !== null && l.backAt.getTime() > end,
  );
  if (late.length === 0) return null;
  let amountFen = 0;
  let days = 0;
  let latest = end;
  for (const line of late) {
    const d = daysLate(input.rentalEnd, line.backAt, input.graceHours);
    amountFen += line.lateFen ? line.lateFen(d) : d * line.dailyPriceFen;
    days = Math.max(days, d);
    latest = Math.max(latest, line.backAt.getTime());
  }
  return {
    amountFen,
    days,
    hoursLate: Math.floor((latest - end) / HOUR_MS),
    since: input.rentalEnd,
    chargedFrom: new Date(end + input.graceHours * HOUR_MS),
    graceHours: input.graceHours,
    dailyRentFen: late.reduce((sum, l) => sum + l.dailyPriceFen, 0),
  };
}

/** An order line as the rule needs it: its gear, its state and when the store checked it in. */
export interface OrderLineBack {
  dailyPriceFen: number;
  lateFen?: (days: number) => number;
  /** The item that went out (null: the line never went out). */
  equipmentId: string | null;
  returnState: 'returned' | 'damaged' | 'lost' | 'earlyReturned' | null;
  /** When the store checked the item in or released it early (null: not recorded). */
  checkedInAt: Date | null;
}

/**
 * When each line came back. The customer's hand-over counts, not the store's later check-in: a
 * self-return at `selfReturnAt`, a driver's pickup at `pickedUpAt` (the earlier when both, as when
 * a customer's self-return asks for a pickup). Otherwise a line is back when the store checked it
 * in, and a line still out is measured `now`. An early return counts when it was recorded; a line
 * that never went out is never charged.
 */
export function linesBack(
  order: { selfReturnAt: Date | null; pickedUpAt: Date | null },
  lines: readonly OrderLineBack[],
  now: Date,
): LateLine[] {
  const handedOver = [order.selfReturnAt, order.pickedUpAt]
    .filter((d): d is Date => d !== null)
    .reduce<Date | null>((min, d) => (min === null || d < min ? d : min), null);
  return lines.map((line) => {
    const at = (() => {
      if (!line.equipmentId) return null;
      if (line.returnState === 'earlyReturned') return line.checkedInAt;
      const checked = line.returnState ? (line.checkedInAt ?? now) : now;
      return handedOver && handedOver < checked ? handedOver : checked;
    })();
    return { dailyPriceFen: line.dailyPriceFen, lateFen: line.lateFen, backAt: at };
  });
}

/** Days as the order's texts say them: '2' in Chinese ('超时 2 天'), '2 days' in English. */
export function daysText(days: number, english: boolean): string {
  if (!english) return String(days);
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}
