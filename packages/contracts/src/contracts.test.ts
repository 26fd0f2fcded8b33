import { describe, expect, it } from 'vitest';
import {
  ALL_PERMISSIONS,
  BusinessParameterKey,
  isOrderNumber,
  PagedRequestSchema,
  Permissions,
} from './index.js';

describe('shared contracts', () => {
  it('names every permission of spec §6 under the product prefix', () => {
    expect(ALL_PERMISSIONS).toHaveLength(3 + 4 + 7 + 2 + 3 + 2);
    expect(new Set(ALL_PERMISSIONS).size).toBe(ALL_PERMISSIONS.length);
    expect(ALL_PERMISSIONS.every((p) => p.startsWith('SnowGearSmartStore.'))).toBe(true);
    expect(Permissions.CustomerOperations.Payment).toBe(
      'SnowGearSmartStore.CustomerOperations.Payment',
    );
  });

  it('prefixes business parameters with SnowGearSmartStore.Business.', () => {
    for (const key of Object.values(BusinessParameterKey)) {
      expect(key).toMatch(/^SnowGearSmartStore\.Business\.\w+$/);
    }
  });

  it('recognises order numbers: 12 digits starting with 20', () => {
    expect(isOrderNumber('202611210001')).toBe(true);
    expect(isOrderNumber('212611210001')).toBe(false);
    expect(isOrderNumber('20261121000')).toBe(false);
    expect(isOrderNumber('2026112100011')).toBe(false);
  });

  it('pages with ABP defaults and limits', () => {
    expect(PagedRequestSchema.parse({})).toEqual({ skipCount: 0, maxResultCount: 10 });
    expect(PagedRequestSchema.safeParse({ maxResultCount: '1001' }).success).toBe(false);
    expect(PagedRequestSchema.parse({ skipCount: '20', maxResultCount: '1000' })).toMatchObject({
      skipCount: 20,
      maxResultCount: 1000,
    });
  });
});
