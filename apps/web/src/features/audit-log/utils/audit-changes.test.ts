import { describe, expect, it } from 'vitest';
import { BusinessParameterKey } from '@snowgear/contracts';
import { changeLanguage, i18n } from '@/lib/i18n';
import { changeLines } from './audit-changes';

describe('a settings change as the audit log reads it', () => {
  it('names a business parameter and says its values in words, in both languages', async () => {
    const changes = [
      { field: BusinessParameterKey.CashOnDelivery, before: 'false', after: 'true' },
      { field: BusinessParameterKey.DeliveryFee, before: '30', after: '45' },
      {
        field: BusinessParameterKey.PresetDeliveryAddresses,
        before: '',
        after: '["A hotel","B lodge"]',
      },
    ];
    await changeLanguage('zh-CN');
    const zh = changeLines(i18n.t, changes);
    expect(zh[0]).not.toMatch(/false|true|CashOnDelivery/);
    expect(zh[0]).toContain('货到付款');
    expect(zh[1]).toContain('¥30.00');
    expect(zh[1]).toContain('¥45.00');
    expect(zh[2]).toContain('A hotel、B lodge');
    await changeLanguage('en-US');
    const en = changeLines(i18n.t, changes);
    expect(en[0]).not.toMatch(/false|true|CashOnDelivery/);
    expect(en[2]).toContain('A hotel, B lodge');
    await changeLanguage('zh-CN');
  });
});
