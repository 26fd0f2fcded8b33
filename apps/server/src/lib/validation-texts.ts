import type { FastifyRequest } from 'fastify';
import type { ValidationCode } from '@snowgear/contracts';
import { SERVICE_WORDED } from './errors.js';
import { frameworkMessage, isEnglish, type FrameworkMessageKey } from './messages.js';
import { CODE_LIMITS, CODE_WORDS } from './validation-code-words.js';

type Caller = Pick<FastifyRequest, 'headers'> | undefined;

/** One problem as a schema validator reports it (zod through fastify-type-provider-zod, or ajv). */
export interface ValidationIssue {
  /** zod's issue code (`too_big`, `invalid_format` …) or ajv's keyword. */
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/**
 * A message that is a code of the contracts (`ItemsRequired`, `InvalidPhone`): clients know it by
 * that name and show it in their reader's words, so it goes out as it is in `validationErrors`,
 * and in the caller's words in `details` (docs/wire-conventions.md).
 */
export const isValidationCode = (text: string): boolean => /^[A-Z][A-Za-z0-9]*$/.test(text);

/** A code in the caller's words (validation-code-words.ts); one the contracts do not name stays as it is. */
export function codeWords(request: Caller, code: string): string {
  const words = isEnglish(request) ? CODE_WORDS.en : CODE_WORDS.zh;
  const template = Object.hasOwn(words, code) ? words[code as ValidationCode] : code;
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(CODE_LIMITS[name] ?? ''));
}

const TYPES: Record<string, FrameworkMessageKey> = {
  string: 'TypeText',
  number: 'TypeNumber',
  int: 'TypeInteger',
  bigint: 'TypeInteger',
  boolean: 'TypeBoolean',
  array: 'TypeList',
  tuple: 'TypeList',
  object: 'TypeObject',
  date: 'TypeDate',
};

const FORMATS: Record<string, FrameworkMessageKey> = {
  uuid: 'InvalidId',
  guid: 'InvalidId',
  email: 'InvalidEmailFormat',
  url: 'InvalidUrlFormat',
  datetime: 'InvalidDateTimeFormat',
  date: 'InvalidDateFormat',
};

const limit = (value: unknown) =>
  typeof value === 'number' || typeof value === 'bigint' ? String(value) : '';

/**
 * The words for one validation problem in the caller's language, with the field's limits
 * ('最多 50 个字符'); a contract's code stays a code. Validators' own English never goes out.
 */
export function issueText(request: Caller, issue: ValidationIssue): string {
  const say = (key: FrameworkMessageKey, params?: Record<string, string | number>) =>
    frameworkMessage(request, key, params);
  const text = issue.message ?? '';
  if (isValidationCode(text)) return text;
  // A service's own problem comes worded for this caller already.
  if (issue.keyword === SERVICE_WORDED && text) return text;
  const p = issue.params ?? {};
  const origin = typeof p.origin === 'string' ? p.origin : '';
  const inclusive = p.inclusive !== false;
  switch (issue.keyword) {
    case 'required':
      return say('Required');
    case 'invalid_type': {
      if (/received undefined/.test(text)) return say('Required');
      const expected = typeof p.expected === 'string' ? p.expected : '';
      return say('ExpectedType', { expected: say(TYPES[expected] ?? 'TypeValue') });
    }
    case 'too_big': {
      const max = limit(p.maximum);
      if (origin === 'string') return say('TextTooLong', { max });
      if (origin === 'array' || origin === 'set') return say('ListTooLong', { max });
      if (origin === 'number' || origin === 'int' || origin === 'bigint') {
        return say(inclusive ? 'NumberTooBig' : 'NumberTooBigExclusive', { max });
      }
      return say('InvalidInput');
    }
    case 'too_small': {
      const min = limit(p.minimum);
      if (origin === 'string') return min === '1' ? say('TextEmpty') : say('TextTooShort', { min });
      if (origin === 'array' || origin === 'set') return say('ListTooShort', { min });
      if (origin === 'number' || origin === 'int' || origin === 'bigint') {
        return say(inclusive ? 'NumberTooSmall' : 'NumberTooSmallExclusive', { min });
      }
      return say('InvalidInput');
    }
    case 'not_multiple_of':
      return say('NotMultipleOf', { step: limit(p.divisor) });
    case 'invalid_format': {
      const format = typeof p.format === 'string' ? p.format : '';
      return say(FORMATS[format] ?? 'InvalidFormat');
    }
    case 'invalid_value': {
      const values = Array.isArray(p.values) ? p.values.map(String) : [];
      return values.length > 0
        ? say('InvalidOption', { options: values.join(', ') })
        : say('InvalidInput');
    }
    case 'unrecognized_keys': {
      const keys = Array.isArray(p.keys) ? p.keys.map(String) : [];
      return say('UnknownFields', { keys: keys.join(', ') });
    }
    case undefined:
    default:
      return say('InvalidInput');
  }
}
