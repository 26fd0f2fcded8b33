import { z } from 'zod';
import { normaliseContactPhone, normaliseMobileNumber } from './phone-numbers.js';
import { ValidationCode } from './validation-codes.js';

/**
 * The request fields of phone numbers: the stored form (phone-numbers.ts), or the reason. The
 * check does not stop the rest of the form's checks (an order's delivery address, say), so every
 * field with a problem is named at once.
 */
const phoneField = (normalise: (text: string) => string | null, issue: string) =>
  z
    .string()
    .trim()
    .max(40, issue)
    .refine((text) => normalise(text) !== null, issue)
    .overwrite((text) => normalise(text) ?? text);

/** A mobile that can receive a sign-in text: mainland or international, stored as phone-numbers.ts says. */
export const MobileNumberSchema = /* @__PURE__ */ phoneField(
  (text) => normaliseMobileNumber(text),
  ValidationCode.InvalidPhoneNumber,
);

/** A number to reach someone on: mainland mobile or landline, or international. */
export const ContactPhoneSchema = /* @__PURE__ */ phoneField(
  normaliseContactPhone,
  ValidationCode.InvalidPhone,
);
