import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';
import { CONTACT_PHONE_PATTERN, PHONE_NUMBER_PATTERN } from './text.js';

/**
 * Phone numbers of people from anywhere. Mainland numbers are stored as they always were (11
 * digits for a mobile, the area code form for a landline: no +86), so existing accounts, orders
 * and reminders keep matching; every other number is stored in E.164 with its '+'
 * (+447911123456). The web checks a field with the same functions the server's schemas use.
 *
 * The minimal metadata of libphonenumber-js is used on both sides: it checks each country's
 * lengths and leading digits (the sign-in page stays small), but cannot tell a foreign mobile from
 * a landline; the SMS provider refuses a text to a landline, and the caller may then ask again.
 * No zod here: the sign-in page checks its field with these functions alone.
 */
export type { CountryCode } from 'libphonenumber-js/min';

/** The country a number without '+' belongs to unless another is chosen. */
export const DEFAULT_PHONE_COUNTRY: CountryCode = 'CN';

/**
 * What people put between digits (spaces, hyphens, dots, brackets), removed; full-width digits
 * from a Chinese keyboard made plain; a leading 00 (the international prefix dialled in China and
 * Europe) read as '+'.
 */
function digitsOf(text: string): string {
  const plain = text.normalize('NFKC').replace(/[\s\-().\u00A0]/g, '');
  return plain.startsWith('00') ? `+${plain.slice(2)}` : plain;
}

/** Stored numbers without '+' are mainland numbers (the domestic SMS route and templates). */
export const isMainlandNumber = (stored: string) => !stored.startsWith('+');

/**
 * A mobile number in the form it is stored and texted in, or null when it is not one: a mainland
 * mobile as 11 digits (also when typed with +86), any other as E.164. `country` is the one chosen
 * beside the field, for a number typed without its '+' country code.
 */
export function normaliseMobileNumber(
  text: string,
  country: CountryCode = DEFAULT_PHONE_COUNTRY,
): string | null {
  const typed = digitsOf(text);
  if (!/^\+?\d{3,17}$/.test(typed)) return null;
  if (!typed.startsWith('+') && country === 'CN') {
    return PHONE_NUMBER_PATTERN.test(typed) ? typed : null;
  }
  const parsed = parsePhoneNumberFromString(typed, country);
  if (!parsed?.isValid()) return null;
  if (parsed.countryCallingCode === '86') {
    // Only mainland mobiles receive sign-in texts, and they are kept without +86 as before.
    return PHONE_NUMBER_PATTERN.test(parsed.nationalNumber) ? parsed.nationalNumber : null;
  }
  return parsed.number;
}

/**
 * A number to call, or null: a mainland mobile or landline as staff have always typed it (kept
 * as typed), or any other country's number typed with its '+' (or 00) country code, as E.164.
 */
export function normaliseContactPhone(text: string): string | null {
  const trimmed = text.trim();
  if (CONTACT_PHONE_PATTERN.test(trimmed)) return trimmed;
  const typed = digitsOf(trimmed);
  if (PHONE_NUMBER_PATTERN.test(typed)) return typed;
  if (!/^\+\d{3,17}$/.test(typed)) return null;
  const parsed = parsePhoneNumberFromString(typed);
  if (!parsed?.isValid()) return null;
  if (parsed.countryCallingCode === '86') {
    const national = parsed.nationalNumber;
    if (PHONE_NUMBER_PATTERN.test(national)) return national;
    return CONTACT_PHONE_PATTERN.test(`0${national}`) ? `0${national}` : null;
  }
  return parsed.number;
}

/**
 * A number typed or pasted with its own country code ("+44 7400 123456", "0044…"), split into
 * the country it belongs to and the digits after the code, so a form can pick that country
 * beside the field; null while the text is not such a number yet.
 */
export function splitInternationalNumber(
  text: string,
): { country: CountryCode; national: string } | null {
  const typed = digitsOf(text);
  if (!/^\+\d{3,17}$/.test(typed)) return null;
  const parsed = parsePhoneNumberFromString(typed);
  if (!parsed?.country || !parsed.isValid()) return null;
  return { country: parsed.country, national: parsed.nationalNumber };
}
