import type { TFunction } from 'i18next';
import {
  BUSINESS_PARAMETER_PREFIX,
  BUSINESS_PARAMETERS,
  type AuditChange,
  type BusinessParameterKey,
} from '@snowgear/contracts';
import { money } from '@/lib/money';
import { readable } from '@/features/system-config';

/** Fields whose values are money (yuan): shown with their sign. */
const MONEY_FIELDS = new Set([
  'dailyRentPrice',
  'deposit',
  'dailyPrice',
  'furtherDay',
  'halfDay',
  'lengths',
]);
const LONGEST = 60;

/** A field as people name it: a known field's word, a parameter's label, else its own name. */
function fieldName(t: TFunction, field: string): string {
  if (field.startsWith(BUSINESS_PARAMETER_PREFIX)) {
    const short = field.slice(BUSINESS_PARAMETER_PREFIX.length);
    return t(`admin.parameters.keys.${short}.label`, { defaultValue: short });
  }
  return t(`auditLog.fields.${field}`, { defaultValue: field });
}

function valueText(t: TFunction, field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return t('auditLog.changeEmpty');
  // A business parameter reads as its editor shows it: 'on', '¥30.00', the addresses listed.
  const parameter = BUSINESS_PARAMETERS[field as BusinessParameterKey];
  if (parameter) {
    const raw = typeof value === 'string' ? value : JSON.stringify(value);
    return cut(readable(t, parameter, raw));
  }
  if (typeof value === 'boolean') return t(value ? 'auditLog.changeYes' : 'auditLog.changeNo');
  if (typeof value === 'number' && MONEY_FIELDS.has(field)) return money(value);
  // A card's prices by length: each in yuan, listed in the reader's way.
  if (Array.isArray(value) && MONEY_FIELDS.has(field)) {
    return cut(
      value
        .map((v) => (typeof v === 'number' ? money(v) : String(v)))
        .join(t('inquiry.listSeparator')),
    );
  }
  const text =
    typeof value === 'string' || typeof value === 'number'
      ? String(value)
      : Array.isArray(value)
        ? value
            .map((v) => (typeof v === 'string' ? v : JSON.stringify(v)))
            .join(t('inquiry.listSeparator'))
        : JSON.stringify(value);
  return cut(text);
}

const cut = (text: string) => (text.length > LONGEST ? `${text.slice(0, LONGEST)}…` : text);

/** Each change of a settings line as it reads: '日租金：¥80.00 → ¥90.00'. */
export function changeLines(t: TFunction, changes: readonly AuditChange[]): string[] {
  return changes.map((c) =>
    t('auditLog.changeLine', {
      field: fieldName(t, c.field),
      before: valueText(t, c.field, c.before),
      after: valueText(t, c.field, c.after),
    }),
  );
}
