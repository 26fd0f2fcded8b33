import { ValidationCode } from './validation-codes.js';

/**
 * A customer's saved addresses (`/api/app/my-addresses`): where gear is delivered to and picked
 * up from, offered on the booking page. One of them is the default, preselected there.
 */

export const ADDRESS_LIMITS = {
  /** What the customer calls it (酒店, 家 …); may be blank. */
  labelMax: 20,
  addressMin: 2,
  addressMax: 120,
} as const;

/** An account keeps at most this many addresses. */
export const ADDRESSES_MAX = 20;

/** Validation messages of the address fields (the web shows them by these codes). */
export const AddressIssue = {
  LabelTooLong: ValidationCode.AddressLabelTooLong,
  Required: ValidationCode.AddressRequired,
  TooShort: ValidationCode.AddressTooShort,
  TooLong: ValidationCode.AddressTooLong,
} as const;
export type AddressIssue = (typeof AddressIssue)[keyof typeof AddressIssue];
