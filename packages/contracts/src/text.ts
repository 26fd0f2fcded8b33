import { PERSON_NAME_MAX } from './riders.js';
import { ValidationCode } from './validation-codes.js';

/**
 * What text people type may hold (docs/wire-conventions.md, "Input that is refused"). The server
 * refuses `FORBIDDEN_IN_ANY_TEXT` in every string of every request; names, titles and reasons
 * are single-line text, remarks multi-line text, and both refuse text with nothing visible.
 */

/** Validation messages of the text rules (the web shows them by these codes). */
export const TextIssue = {
  /** Control characters, line breaks in single-line text, or bidirectional overrides. */
  InvalidCharacters: ValidationCode.InvalidCharacters,
  /** Only spaces and invisible characters (zero-width spaces, fillers …). */
  NothingVisible: ValidationCode.NothingVisible,
} as const;

/**
 * Never in any input: control characters other than tab and line breaks (PostgreSQL refuses NUL
 * in text), unpaired UTF-16 surrogates, and the bidirectional embedding, override and isolate
 * controls that make text display as something other than what it is.
 */
export const FORBIDDEN_IN_ANY_TEXT =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]|\p{Cs}/u;

/** Not in single-line text either: tabs and line or paragraph breaks. */
const FORBIDDEN_IN_ONE_LINE = /[\t\n\r\u2028\u2029]/;

/**
 * A character that shows: not a space, control, format character (zero-width, bidi), combining
 * mark on its own, unassigned or private code point, nor one of the blank 'letters' (Hangul
 * fillers, the blank Braille pattern) that render as nothing.
 */
const VISIBLE = /[^\p{White_Space}\p{C}\p{M}\u115F\u1160\u3164\uFFA0\u2800]/u;

export function hasVisibleText(text: string): boolean {
  return VISIBLE.test(text);
}

/** Which text rule `text` breaks, if any (for checks outside zod, such as multipart fields). */
export function textProblem(
  text: string,
  options: { multiLine?: boolean } = {},
): (typeof TextIssue)[keyof typeof TextIssue] | null {
  if (FORBIDDEN_IN_ANY_TEXT.test(text)) return TextIssue.InvalidCharacters;
  if (!options.multiLine && FORBIDDEN_IN_ONE_LINE.test(text)) return TextIssue.InvalidCharacters;
  if (text.trim() !== '' && !hasVisibleText(text)) return TextIssue.NothingVisible;
  return null;
}

/** A mainland mobile number (11 digits). */
export const PHONE_NUMBER_PATTERN = /^1[3-9]\d{9}$/;

/**
 * A number to call: a mainland mobile, or a landline with its area code and an optional
 * extension (010-12345678, 0313-1234567, 0313 1234567-801).
 */
export const CONTACT_PHONE_PATTERN = /^(?:1[3-9]\d{9}|0\d{2,3}[- ]?\d{7,8}(?:-\d{1,6})?)$/;

/**
 * A real name as on an ID card or a passport: Chinese characters (with '·' between the parts of
 * a transcribed name), or Latin letters with their accents, spaces, hyphens, apostrophes and
 * periods (O'Brien, Anne-Sophie, José María, J. R. Smith). Digits and other symbols are refused.
 */
export const REAL_NAME_PATTERN = /^[\p{Script=Han}\p{Script=Latin}\p{M}·.,'’\- ]+$/u;
/** The longest real name: a person's name as a passport prints it (riders.ts). */
export const REAL_NAME_MAX_LENGTH = PERSON_NAME_MAX;

/** A real name in the form compared and stored: composed accents, single spaces. */
export const normaliseRealName = (name: string) =>
  name.normalize('NFC').trim().replace(/\s+/g, ' ');

const NAME_LETTERS = /[\p{Script=Han}\p{Script=Latin}].*[\p{Script=Han}\p{Script=Latin}]/u;

/** Whether a name, once normalised, is a real name: letters with some punctuation between. */
export const isRealName = (name: string) => {
  const normal = normaliseRealName(name);
  return (
    normal.length <= REAL_NAME_MAX_LENGTH &&
    REAL_NAME_PATTERN.test(normal) &&
    NAME_LETTERS.test(normal)
  );
};
