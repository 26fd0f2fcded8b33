import { z } from 'zod';
import { hasVisibleText, singleLineText } from './text.js';

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
  LabelTooLong: 'AddressLabelTooLong',
  Required: 'AddressRequired',
  TooShort: 'AddressTooShort',
  TooLong: 'AddressTooLong',
} as const;
export type AddressIssue = (typeof AddressIssue)[keyof typeof AddressIssue];

export const CustomerAddressInputSchema = z.object({
  label: singleLineText({
    max: ADDRESS_LIMITS.labelMax,
    tooLong: AddressIssue.LabelTooLong,
  }).default(''),
  address: singleLineText({
    max: ADDRESS_LIMITS.addressMax,
    required: AddressIssue.Required,
    tooLong: AddressIssue.TooLong,
  })
    // Nothing visible is 'required' already: one message a field.
    .refine((v) => !hasVisibleText(v) || v.length >= ADDRESS_LIMITS.addressMin, {
      message: AddressIssue.TooShort,
    }),
  /**
   * Make this the default (the others stop being it). The default stays the default until
   * another is made it or it is deleted: an account with addresses always has exactly one.
   */
  isDefault: z.boolean().default(false),
});
export type CustomerAddressInput = z.input<typeof CustomerAddressInputSchema>;

export const CustomerAddressSchema = z.object({
  id: z.string(),
  label: z.string(),
  address: z.string(),
  isDefault: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CustomerAddress = z.infer<typeof CustomerAddressSchema>;

/** `GET /api/app/my-addresses`: the default first, then the newest. */
export const CustomerAddressListSchema = z.object({ items: z.array(CustomerAddressSchema) });
export type CustomerAddressList = z.infer<typeof CustomerAddressListSchema>;
