import type { TFunction } from 'i18next';
import { AttributeKind, type AttributeValue } from '@snowgear/contracts';

/** An attribute's value as people read it: a yes/no attribute as 是/否 (Yes/No), never 'true'. */
export function attributeText(
  t: TFunction,
  attribute: Pick<AttributeValue, 'kind' | 'value' | 'valueLabel'>,
) {
  // The server words chosen options in the reader's language.
  if (attribute.kind !== AttributeKind.Boolean) return attribute.valueLabel;
  if (attribute.value === 'true') return t('inventory.attributeYes');
  if (attribute.value === 'false') return t('inventory.attributeNo');
  return attribute.value;
}
