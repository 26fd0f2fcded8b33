import { ValidationCode } from './validation-codes.js';

/**
 * Numbers from outside: JSON numbers, or text that is plainly a decimal number. Nothing else is
 * coerced, so `""`, `" "`, `null`, `false`, `[]` and `"0x10"` are refused next to their field
 * instead of becoming 0 or 16 (z.coerce would take them).
 */
export const NumberIssue = { InvalidNumber: ValidationCode.InvalidNumber } as const;

/** The largest amount of money one order may come to (yuan): it fits the integer fen columns. */
export const ORDER_TOTAL_MAX = 10_000_000;
/** The largest price, deposit, discount or fee one field may name (yuan). */
export const MONEY_MAX = 1_000_000;
