import type { TFunction } from 'i18next';
import {
  RATE_CARD_LENGTHS_MAX,
  RateCardSaveSchema,
  type RateCardSubjectKind,
} from '@snowgear/contracts';
import { ApiError } from '@/lib/api-errors';
import { i18n } from '@/lib/i18n';
import type { RateCardInput } from '../api/rate-cards';

/** A card as the form holds it: whole yuan as typed, one entry per length. */
export interface CardDraft {
  lengths: string[];
  furtherDay: string;
  /** The card's own deposit in yuan; blank: the gear's own deposit. */
  deposit: string;
  /** An afternoon back the same day, in yuan; blank: a half day costs the first day. */
  halfDay: string;
}

/** The card a form starts from when there is none: three lengths to fill in. */
export const EMPTY_CARD: CardDraft = {
  lengths: ['', '', ''],
  furtherDay: '',
  deposit: '',
  halfDay: '',
};

export const cardDraftOf = (card: {
  lengths: number[];
  furtherDay: number;
  deposit?: number | null;
  halfDay?: number | null;
}): CardDraft => ({
  lengths: card.lengths.map(String),
  furtherDay: String(card.furtherDay),
  deposit: card.deposit == null ? '' : String(card.deposit),
  halfDay: card.halfDay == null ? '' : String(card.halfDay),
});

/** What the form's fields are called in its errors: `lengths.2` is the 3-day price. */
export type CardErrors = Record<string, string>;

/** A problem's place on the form: a length's own row, the whole table, the further day or ''. */
export function cardField(path: readonly PropertyKey[]): string {
  const [first, second] = path;
  if (first === 'lengths') return typeof second === 'number' ? `lengths.${second}` : 'lengths';
  return first === 'furtherDay' || first === 'deposit' || first === 'halfDay' ? first : '';
}

/**
 * A problem in the reader's words: the form's own, else the shared words for the contracts'
 * code; words the server already wrote in the reader's language as they are; never a bare code.
 */
function words(t: TFunction, code: string): string {
  const say = t as unknown as (key: string) => string;
  for (const key of [`admin.rateCards.errors.${code}`, `validation.${code}`]) {
    if (i18n.exists(key)) return say(key);
  }
  return /^[A-Z][A-Za-z0-9]*$/.test(code) ? t('admin.rateCards.errors.invalid') : code;
}

export interface CardTarget {
  storeId: string | null;
  subjectKind: RateCardSubjectKind;
  subjectId: string;
  junior: boolean;
}

/**
 * The card to send. What the form does not show of the card it changes (a field a newer server
 * keeps on cards, such as a deposit) goes back as it was, rather than falling to its default.
 */
export const cardInput = (target: CardTarget, draft: CardDraft, kept?: object): RateCardInput => {
  const shown = new Set([
    'storeId',
    'subjectKind',
    'subjectId',
    'junior',
    'lengths',
    'furtherDay',
    'deposit',
    'halfDay',
  ]);
  const unseen = Object.fromEntries(
    Object.entries(kept ?? {}).filter(
      ([key]) => key in RateCardSaveSchema.shape && !shown.has(key),
    ),
  );
  return {
    ...unseen,
    ...target,
    lengths: draft.lengths.map(Number),
    furtherDay: Number(draft.furtherDay),
    deposit: draft.deposit.trim() === '' ? null : Number(draft.deposit),
    halfDay: draft.halfDay.trim() === '' ? null : Number(draft.halfDay),
  };
};

/**
 * The card's own rules, checked as the server checks them (the contracts' schema): a price to
 * every field, whole yuan, a first day of something, no longer rental cheaper. The junior and
 * pack rules need the other cards: the server's answer brings those.
 */
export function cardDraftErrors(t: TFunction, target: CardTarget, draft: CardDraft): CardErrors {
  const errors: CardErrors = {};
  draft.lengths.forEach((value, i) => {
    if (value.trim() === '') errors[`lengths.${i}`] = t('admin.rateCards.errors.required');
  });
  if (draft.furtherDay.trim() === '') errors.furtherDay = t('admin.rateCards.errors.required');
  if (Object.keys(errors).length > 0) return errors;
  const parsed = RateCardSaveSchema.safeParse(cardInput(target, draft));
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    errors[cardField(issue.path)] ??= words(t, issue.message);
  }
  return errors;
}

/** A refused save next to its field: `validationErrors[].members` such as `lengths.2`. */
export function cardServerErrors(t: TFunction, error: Error): CardErrors {
  if (!(error instanceof ApiError) || error.status !== 400 || !error.validationErrors?.length) {
    return { '': error.message };
  }
  const errors: CardErrors = {};
  for (const problem of error.validationErrors) {
    const path = (problem.members[0] ?? '')
      .split('.')
      .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
    errors[cardField(path)] ??= words(t, problem.message);
  }
  return errors;
}

export const canAddLength = (draft: CardDraft) => draft.lengths.length < RATE_CARD_LENGTHS_MAX;
