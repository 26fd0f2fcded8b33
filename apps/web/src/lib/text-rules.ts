import type { TFunction } from 'i18next';
import { textProblem, TextIssue } from '@snowgear/contracts';

interface TextOptions {
  /** The message when nothing (visible) was typed; without it the field may stay empty. */
  required?: string;
  /** Remarks and notes may hold line breaks. */
  multiLine?: boolean;
}

/**
 * The message for text the server would refuse (the contracts' text rules: no control
 * characters or text-direction marks, line breaks only where allowed, something visible), or
 * null when it is fine. The text is judged as it will be sent: trimmed.
 */
export function textError(t: TFunction, value: string, options: TextOptions = {}): string | null {
  const text = value.trim();
  const problem = text === '' ? TextIssue.NothingVisible : textProblem(text, options);
  if (problem === TextIssue.NothingVisible) {
    return options.required ?? (text === '' ? null : t('validation.NothingVisible'));
  }
  return problem ? t(`validation.${problem}`) : null;
}

/** The same check as an antd-mobile form rule. */
export function textRule(t: TFunction, options: TextOptions = {}) {
  return {
    validator: async (_: unknown, value: string | undefined) => {
      const error = textError(t, value ?? '', options);
      if (error) throw new Error(error);
    },
  };
}
