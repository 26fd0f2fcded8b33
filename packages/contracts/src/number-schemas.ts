import { z } from 'zod';
import { MONEY_MAX, NumberIssue } from './numbers.js';
import { ValidationCode } from './validation-codes.js';

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

/** Yuan with at most two decimals, 0 to `MONEY_MAX`. */
export const moneyInput = () =>
  decimalInput(z.number().min(0).max(MONEY_MAX, ValidationCode.AmountTooLarge).multipleOf(0.01));
