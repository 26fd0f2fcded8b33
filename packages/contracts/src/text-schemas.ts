import { z } from 'zod';
import { hasVisibleText, textProblem, TextIssue } from './text.js';
import type { ValidationCode } from './validation-codes.js';

/** The text rules of text.ts as zod schemas, for the contracts' inputs. */

interface TextOptions {
  max: number;
  /** The message when the text is missing; without it the text may be empty. */
  required?: ValidationCode;
  tooLong?: ValidationCode;
}

function text(multiLine: boolean, { max, required, tooLong }: TextOptions) {
  const schema = z
    .string()
    .trim()
    .max(max, tooLong)
    .refine((v) => textProblem(v, { multiLine }) !== TextIssue.InvalidCharacters, {
      message: TextIssue.InvalidCharacters,
    })
    // Nothing visible reads as nothing typed when the text is required.
    .refine((v) => v === '' || hasVisibleText(v), {
      message: required ?? TextIssue.NothingVisible,
    });
  return required ? schema.min(1, required) : schema;
}

/** Names, titles, reasons, addresses: one line, trimmed, something visible. */
export const singleLineText = (options: TextOptions) => text(false, options);

/** Remarks and notes: line breaks and tabs allowed, otherwise as single-line text. */
export const multiLineText = (options: TextOptions) => text(true, options);
