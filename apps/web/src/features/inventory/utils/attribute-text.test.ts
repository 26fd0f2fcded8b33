import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage, i18n } from '@/lib/i18n';
import { attributeText } from './attribute-text';

describe('attribute values as people read them', () => {
  afterEach(() => changeLanguage('zh-CN'));

  it('says 是/否 (Yes/No) for a yes/no attribute, never true or false', async () => {
    const t = i18n.t.bind(i18n);
    await changeLanguage('zh-CN');
    expect(attributeText(t, { kind: 'boolean', value: 'true' })).toBe('是');
    expect(attributeText(t, { kind: 'boolean', value: 'false' })).toBe('否');
    await changeLanguage('en-US');
    expect(attributeText(t, { kind: 'boolean', value: 'true' })).toBe('Yes');
    expect(attributeText(t, { kind: 'boolean', value: 'false' })).toBe('No');
    expect(attributeText(t, { kind: 'text', value: 'true' })).toBe('true');
    expect(attributeText(t, { kind: 'number', value: '165' })).toBe('165');
  });
});
