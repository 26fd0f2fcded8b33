import { z } from 'zod';

/**
 * Numbers from outside: JSON numbers, or text that is plainly a decimal number. Nothing else is
 * coerced, so `""`, `" "`, `null`, `false`, `[]` and `"0x10"` are refused next to their field
 * instead of becoming 0 or 16 (z.coerce would take them).
 */
export const NumberIssue = { InvalidNumber: 'InvalidNumber' } as const;

const DECIMAL = /^-?\d{1,15}(\.\d{1,15})?$/;
const DIGITS = /^\d{1,15}$/;

/** A number given as a JSON number or a decimal string ('12.5'), then checked by `schema`. */
export function decimalInput<T extends z.ZodType<unknown, number>>(schema: T) {
  return z
    .union([z.number(), z.string().trim().regex(DECIMAL).transform(Number)], {
      error: NumberIssue.InvalidNumber,
    })
    .pipe(schema);
}

/**
 * An integer in a query string: decimal digits only ('10', not '1e1', '0x0a', '' or '-0'), then
 * checked by `schema` (give it a maximum: a huge offset is a 400, not a database error).
 */
export function queryInteger<T extends z.ZodType<unknown, number>>(schema: T) {
  return z
    .union([z.number(), z.string().regex(DIGITS).transform(Number)], {
      error: NumberIssue.InvalidNumber,
    })
    .pipe(schema);
}

/** The largest amount of money one order may come to (yuan): it fits the integer fen columns. */
export const ORDER_TOTAL_MAX = 10_000_000;
/** The largest price, deposit, discount or fee one field may name (yuan). */
export const MONEY_MAX = 1_000_000;

/** Yuan with at most two decimals, 0 to `MONEY_MAX`. */
export const moneyInput = () =>
  decimalInput(z.number().min(0).max(MONEY_MAX, 'AmountTooLarge').multipleOf(0.01));
