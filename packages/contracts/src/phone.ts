import { z } from 'zod';
import { normaliseContactPhone, normaliseMobileNumber } from './phone-numbers.js';
import { ValidationCode } from './validation-codes.js';

/** The request fields of phone numbers: the stored form (phone-numbers.ts), or the reason. */
const phoneField = (normalise: (text: string) => string | null, issue: string) =>
  z
    .string()
    .trim()
    .max(40, issue)
    .transform((text, ctx) => {
      const number = normalise(text);
      if (number !== null) return number;
      ctx.addIssue({ code: 'custom', message: issue, input: text });
      return z.NEVER;
    });

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
