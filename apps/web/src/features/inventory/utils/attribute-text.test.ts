import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage, i18n } from '@/lib/i18n';
import { attributeText } from './attribute-text';

describe('attribute values as people read them', () => {
  afterEach(() => changeLanguage('zh-CN'));

  it('says 是/否 (Yes/No) for a yes/no attribute, never true or false', async () => {
    const t = i18n.t.bind(i18n);
    await changeLanguage('zh-CN');
    expect(attributeText(t, { kind: 'boolean', value: 'true', valueLabel: 'true' })).toBe('是');
    expect(attributeText(t, { kind: 'boolean', value: 'false', valueLabel: 'false' })).toBe('否');
    await changeLanguage('en-US');
    expect(attributeText(t, { kind: 'boolean', value: 'true', valueLabel: 'true' })).toBe('Yes');
    expect(attributeText(t, { kind: 'boolean', value: 'false', valueLabel: 'false' })).toBe('No');
    expect(attributeText(t, { kind: 'text', value: 'true', valueLabel: 'true' })).toBe('true');
    expect(attributeText(t, { kind: 'number', value: '165', valueLabel: '165' })).toBe('165');
  });

  it('shows a chosen option as the server words it for the reader', () => {
    const t = i18n.t.bind(i18n);
    expect(attributeText(t, { kind: 'select', value: '初级', valueLabel: 'Beginner' })).toBe(
      'Beginner',
    );
  });
});
