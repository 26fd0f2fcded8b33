import type { TFunction } from 'i18next';
import { ApiError } from './api-errors';
import { i18n } from './i18n';

/** A form's problems: one message per field (the first part of its path), '' for the form. */
export type FieldErrors = Record<string, string>;

/**
 * The words for a validation code: the form's own (`<prefix>.<code>`), else the shared
 * `validation.<code>`, else the fallback.
 */
function words(
  t: TFunction,
  prefix: string,
  code: string,
  fallback: string,
  options?: object,
): string {
  const translate = t as unknown as (key: string, options?: object) => string;
  for (const key of [`${prefix}.${code}`, `validation.${code}`]) {
    if (i18n.exists(key)) return translate(key, options);
  }
  return fallback;
}

const LIMITS: Record<string, string> = { string: 'tooLong', array: 'tooMany', number: 'tooBig' };

/** What a contract's schema says is wrong with a draft (a zod issue, as much as is read here). */
export interface DraftIssue {
  path: readonly PropertyKey[];
  message: string;
  code?: string;
  /** What was too big: 'string', 'array', 'number' … */
  origin?: string;
  maximum?: unknown;
}

/**
 * The problems a contract's schema finds in a draft, in the reader's words, next to each field.
 * Something over its limit says the limit, with `max`: text `<prefix>.tooLong`, a list
 * `<prefix>.tooMany`, a number `<prefix>.tooBig`.
 */
export function draftErrors(
  t: TFunction,
  prefix: string,
  issues: readonly DraftIssue[],
  fallback: string,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    if (errors[field]) continue;
    // The form's own words for the limit, else the shared ones: never the key itself.
    errors[field] =
      issue.code === 'too_big' && typeof issue.maximum === 'number'
        ? words(t, prefix, LIMITS[issue.origin ?? ''] ?? 'tooBig', fallback, {
            max: issue.maximum,
          })
        : words(t, prefix, issue.message, fallback);
  }
  return errors;
}

/**
 * A refused save, next to the field it is about: a 400's `validationErrors[].members`, or a
 * 409 naming its field in `data.field`; anything else belongs to the whole form ('').
 */
export function serverErrors(t: TFunction, prefix: string, error: Error): FieldErrors {
  if (!(error instanceof ApiError)) return { '': error.message };
  if (error.status === 400 && error.validationErrors?.length) {
    const errors: FieldErrors = {};
    for (const problem of error.validationErrors) {
      const field = (problem.members[0] ?? '').split('.')[0] ?? '';
      errors[field] ??= words(t, prefix, problem.message, error.message);
    }
    return errors;
  }
  const field = error.data?.field;
  return { [typeof field === 'string' ? field : '']: error.message };
}

/** The messages of fields the form does not show a place for (and the form's own), as one text. */
export function otherErrors(errors: FieldErrors, shown: readonly string[]): string | null {
  const rest = Object.entries(errors)
    .filter(([field, message]) => message && !shown.includes(field))
    .map(([, message]) => message);
  return rest.length > 0 ? [...new Set(rest)].join('\n') : null;
}
