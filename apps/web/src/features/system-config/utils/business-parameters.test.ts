import { describe, expect, it } from 'vitest';
import { BusinessParameterKey as K, type H5Config } from '@snowgear/contracts';
import { businessParameter } from './business-parameters';

function config(global: Record<string, string>, store: Record<string, string>): H5Config {
  const pairs = (o: Record<string, string>) =>
    Object.entries(o).map(([key, value]) => ({ key, value }));
  return {
    systemInfo: {
      systemName: '',
      systemDomain: '',
      companyName: '',
      systemLogo: '',
      rentalAgreement: '',
      rentalAgreementVersion: '',
    },
    storeConfigs: {
      s1: {
        storeId: 's1',
        storeName: 'A',
        contactInfo: { phone: '', address: '' },
        location: null,
        businessHours: { startTime: '08:00', endTime: '17:00', restDays: [] },
        businessParameters: pairs(store),
      },
    },
    globalBusinessParameters: pairs(global),
    filingConfig: { policeFilingNumber: '', policeFilingLink: '', icpNumber: '', icpLink: '' },
  };
}

describe('business parameters', () => {
  it('takes the store value over the global one', () => {
    const c = config({ [K.DeliveryFee]: '30' }, { [K.DeliveryFee]: '50' });
    expect(businessParameter(c, 's1', K.DeliveryFee)).toBe('50');
  });

  it('falls back to the global value when the store value is empty or blank', () => {
    expect(
      businessParameter(
        config({ [K.DeliveryFee]: '30' }, { [K.DeliveryFee]: '' }),
        's1',
        K.DeliveryFee,
      ),
    ).toBe('30');
    expect(
      businessParameter(
        config({ [K.DeliveryFee]: '30' }, { [K.DeliveryFee]: ' \t ' }),
        's1',
        K.DeliveryFee,
      ),
    ).toBe('30');
    expect(businessParameter(config({ [K.DeliveryFee]: '30' }, {}), 's1', K.DeliveryFee)).toBe(
      '30',
    );
    expect(businessParameter(config({ [K.DeliveryFee]: '30' }, {}), null, K.DeliveryFee)).toBe(
      '30',
    );
    expect(businessParameter(config({}, {}), 's1', K.DeliveryFee)).toBeUndefined();
    expect(businessParameter(null, 's1', K.DeliveryFee)).toBeUndefined();
  });
});
