import type { TFunction } from 'i18next';
import { ADDRESS_LIMITS, AddressIssue, TextIssue } from '@snowgear/contracts';
import { ApiError } from '@/lib/api-errors';

export type AddressField = 'label' | 'address';

/** The words for a reason the contract gives (the server's validation message is its code). */
export function addressIssueText(t: TFunction, code: string): string {
  switch (code) {
    case AddressIssue.Required:
      return t('addresses.issues.required');
    case AddressIssue.TooShort:
      return t('addresses.issues.tooShort', { min: ADDRESS_LIMITS.addressMin });
    case AddressIssue.TooLong:
      return t('addresses.issues.tooLong', { max: ADDRESS_LIMITS.addressMax });
    case AddressIssue.LabelTooLong:
      return t('addresses.issues.labelTooLong', { max: ADDRESS_LIMITS.labelMax });
    case TextIssue.InvalidCharacters:
    case TextIssue.NothingVisible:
      return t(`validation.${code}`);
    default:
      return t('addresses.issues.invalid');
  }
}

/**
 * A failed save told apart: problems with a field (shown next to it) and anything else (the
 * server's message, such as the limit, shown for the whole form).
 */
export function addressSaveErrors(
  t: TFunction,
  error: unknown,
): { fields: Partial<Record<AddressField, string>>; form: string | null } {
  if (!(error instanceof ApiError)) {
    return { fields: {}, form: error instanceof Error ? error.message : t('api.unknown') };
  }
  const fields: Partial<Record<AddressField, string>> = {};
  for (const issue of error.validationErrors ?? []) {
    const field = issue.members[0];
    if ((field === 'label' || field === 'address') && !fields[field]) {
      fields[field] = addressIssueText(t, issue.message);
    }
  }
  return { fields, form: Object.keys(fields).length > 0 ? null : error.message };
}
