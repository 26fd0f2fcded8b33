import { z } from 'zod';
import { ADDRESS_LIMITS, AddressIssue } from './addresses.js';
import { hasVisibleText } from './text.js';
import { singleLineText } from './text-schemas.js';

/** Customers' saved addresses as the server takes and gives them (addresses.ts: the limits). */

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
