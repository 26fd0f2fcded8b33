import { describe, expect, it } from 'vitest';
import { changeLanguage, i18n } from '@/lib/i18n';
import enUS from './en-US';

/** Every text of a locale with its dotted key. */
function* texts(node: unknown, path: string[] = []): Generator<[string, string]> {
  if (typeof node === 'string') yield [path.join('.'), node];
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) yield* texts(value, [...path, key]);
  }
}

// A count followed, in the same text, by a noun in the plural.
const COUNTED_PLURAL =
  /\{\{count\}\}[^{]*?\b(items|times|kinds|orders|attributes|articles|riders|addresses|days|rentals|bills|photos|actions)\b/;

describe('English counts', () => {
  it('has a singular form for every text that counts in the plural', () => {
    const all = new Map(texts(enUS));
    const missing = [...all]
      .filter(([key, text]) => COUNTED_PLURAL.test(text) && !key.endsWith('_other'))
      .map(([key]) => key);
    expect(missing).toEqual([]);
    const withoutOne = [...all.keys()]
      .filter((key) => key.endsWith('_other'))
      .filter((key) => !all.has(key.replace(/_other$/, '_one')));
    expect(withoutOne).toEqual([]);
  });

  it('reads one item as one, and more as more; Chinese is the same for both', async () => {
    await changeLanguage('en-US');
    expect(i18n.t('inventory.total', { count: 1 })).toBe('1 item');
    expect(i18n.t('inventory.total', { count: 2 })).toBe('2 items');
    expect(i18n.t('admin.stores.openOrders', { count: 1 })).toBe('1 order in progress');
    expect(i18n.t('catalogueAdmin.attributes.used', { count: 3 })).toBe('Filled in on 3 items');
    await changeLanguage('zh-CN');
    expect(i18n.t('inventory.total', { count: 1 })).toBe('共 1 件');
    expect(i18n.t('inventory.total', { count: 2 })).toBe('共 2 件');
  });
});
