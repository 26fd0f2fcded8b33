import type { TFunction } from 'i18next';
import { ParameterKind } from '@snowgear/contracts';
import { money } from '@/lib/money';

/** A list parameter's value as entries (a broken value reads as none). */
export function listOf(value: string): string[] {
  if (!value.trim()) return [];
  try {
    const list = JSON.parse(value) as unknown;
    return Array.isArray(list) ? list.map(String) : [];
  } catch {
    return [];
  }
}

/** How a value reads to people: lists joined, switches in words, money with its sign. */
export function readable(t: TFunction, parameter: { kind: ParameterKind }, value: string): string {
  if (!value.trim()) return t('admin.parameters.notSet');
  switch (parameter.kind) {
    case ParameterKind.Switch:
      return value.toLowerCase() === 'true' ? t('admin.parameters.on') : t('admin.parameters.off');
    case ParameterKind.Addresses:
      return listOf(value).join(t('inquiry.listSeparator')) || t('admin.parameters.notSet');
    case ParameterKind.Amounts:
      return (
        listOf(value)
          .map((n) => money(Number(n)))
          .join(t('inquiry.listSeparator')) || t('admin.parameters.notSet')
      );
    case ParameterKind.Money:
      return money(Number(value));
    case ParameterKind.Days:
    case ParameterKind.Hours:
    case ParameterKind.Percent:
    case ParameterKind.TimeOfDay:
      return value;
  }
}
