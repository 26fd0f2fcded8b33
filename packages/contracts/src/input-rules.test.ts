import { describe, expect, it } from 'vitest';
import {
  AttributeDefinitionQuerySchema,
  bookingRangeProblem,
  CONTACT_PHONE_PATTERN,
  CreateEmployeeSchema,
  EquipmentInputSchema,
  EquipmentListQuerySchema,
  multiLineText,
  OrderCreateSchema,
  OrderItemInputSchema,
  PagedRequestSchema,
  singleLineText,
  SmallEquipmentAdjustSchema,
  StockOutSchema,
  textProblem,
} from './index.js';

const issues = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => result.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

describe('single-line text (names, titles, reasons)', () => {
  const name = singleLineText({ max: 20, required: 'NameRequired' });

  it('trims and keeps ordinary names, emoji sequences and inner zero-width joiners', () => {
    expect(name.parse('  张三  ')).toBe('张三');
    expect(name.parse('Anna Schmidt')).toBe('Anna Schmidt');
    expect(name.parse('👨‍👩‍👧')).toBe('👨‍👩‍👧');
  });

  it('refuses control characters, line breaks and bidirectional overrides', () => {
    for (const bad of [
      'a\u0000b',
      'a\nb',
      'a\r\nb',
      'a\tb',
      '\u202eevil',
      'x\u2066y\u2069',
      'a\u2028b',
    ]) {
      expect(issues(name.safeParse(bad)), JSON.stringify(bad)).toEqual([': InvalidCharacters']);
    }
  });

  it('treats text with nothing visible as missing', () => {
    for (const blank of [
      '\u200b',
      '\u200b\u200c\u200d\ufeff',
      '\u3164',
      '\u2800\u2800',
      '\u00ad',
      '   ',
    ]) {
      expect(issues(name.safeParse(blank)), JSON.stringify(blank)).toEqual([': NameRequired']);
    }
    const optional = singleLineText({ max: 20 });
    expect(optional.parse('')).toBe('');
    expect(issues(optional.safeParse('\u200b'))).toEqual([': NothingVisible']);
  });
});

describe('multi-line text (remarks)', () => {
  const remarks = multiLineText({ max: 100 });

  it('keeps line breaks and tabs, refuses other controls and overrides', () => {
    expect(remarks.parse('第一行\n第二行\tok')).toBe('第一行\n第二行\tok');
    expect(issues(remarks.safeParse('a\u0000b'))).toEqual([': InvalidCharacters']);
    expect(issues(remarks.safeParse('a\u202eb'))).toEqual([': InvalidCharacters']);
    expect(issues(remarks.safeParse('\u200b\n\u200b'))).toEqual([': NothingVisible']);
  });

  it('is what the text check says for fields outside zod', () => {
    expect(textProblem('a\nb', { multiLine: true })).toBeNull();
    expect(textProblem('a\nb')).toBe('InvalidCharacters');
    expect(textProblem('\u2800')).toBe('NothingVisible');
  });
});

describe('phone numbers', () => {
  it('takes mainland mobiles and landlines with area code and extension', () => {
    for (const ok of [
      '13800138000',
      '19912345678',
      '010-12345678',
      '0313-1234567',
      '03131234567',
      '0313 1234567-801',
    ]) {
      expect(CONTACT_PHONE_PATTERN.test(ok), ok).toBe(true);
    }
  });

  it('refuses dates and other digit soup', () => {
    for (const bad of [
      '2024-01-01',
      '12345',
      '+86 138 0013 8000',
      '12800138000',
      '010-123',
      '----------',
    ]) {
      expect(CONTACT_PHONE_PATTERN.test(bad), bad).toBe(false);
    }
  });
});

describe('numbers from outside', () => {
  const line = (dailyPrice: unknown) =>
    OrderItemInputSchema.safeParse({
      categoryId: '7f3c2f1e-5d55-4c7e-9b1d-2f6a4c8e9b10',
      dailyPrice,
    });

  it('takes JSON numbers and plain decimal strings for money', () => {
    expect(line(12.5).data?.dailyPrice).toBe(12.5);
    expect(line('12.5').data?.dailyPrice).toBe(12.5);
    expect(line(' 30 ').data?.dailyPrice).toBe(30);
  });

  it('refuses what z.coerce would have turned into 0 or 16, next to the field', () => {
    for (const bad of [
      '',
      ' ',
      null,
      false,
      true,
      [],
      {},
      '0x10',
      '1e3',
      'NaN',
      'Infinity',
      '12,5',
    ]) {
      expect(issues(line(bad)), JSON.stringify(bad)).toEqual(['dailyPrice: InvalidNumber']);
    }
    expect(issues(line('-1'))[0]).toMatch(/^dailyPrice: /);
    expect(issues(line(1_000_000.01))[0]).toMatch(/^dailyPrice: /);
  });

  it('takes quantities the same way', () => {
    const adjust = (delta: unknown) =>
      SmallEquipmentAdjustSchema.safeParse({ delta, reason: '盘点' });
    expect(adjust('5').data?.delta).toBe(5);
    expect(issues(adjust(''))).toEqual(['delta: InvalidNumber']);
    expect(issues(adjust(null))).toEqual(['delta: InvalidNumber']);
  });

  it('pages with decimal digits only and within sane limits', () => {
    expect(PagedRequestSchema.parse({ skipCount: '20', maxResultCount: '5' })).toMatchObject({
      skipCount: 20,
      maxResultCount: 5,
    });
    for (const bad of ['', '1e3', '0x10', '-1', '1.5', ' 1', '99999999999']) {
      expect(PagedRequestSchema.safeParse({ skipCount: bad }).success, bad).toBe(false);
    }
    expect(AttributeDefinitionQuerySchema.safeParse({ SkipCount: '1e3' }).success).toBe(false);
    expect(EquipmentListQuerySchema.safeParse({ status: '0x1' }).success).toBe(false);
    expect(EquipmentListQuerySchema.parse({ status: '2' }).status).toBe(2);
  });
});

describe('booked times and ranges', () => {
  const now = Date.now();
  const soon = (days: number) => new Date(now + days * 86_400_000).toISOString();
  const order = (rentalStartTime: string, rentalEndTime: string) =>
    OrderCreateSchema.safeParse({
      storeId: '7f3c2f1e-5d55-4c7e-9b1d-2f6a4c8e9b10',
      customerName: '王五',
      customerPhone: '13900001111',
      rentalStartTime,
      rentalEndTime,
      items: [{ categoryId: '7f3c2f1e-5d55-4c7e-9b1d-2f6a4c8e9b10' }],
    });

  it('refuses absurd years next to the field', () => {
    expect(issues(order('0000-01-01T00:00:00Z', soon(3)))).toContain(
      'rentalStartTime: DateOutOfRange',
    );
    expect(issues(order(soon(1), '9999-12-31T00:00:00Z'))).toContain(
      'rentalEndTime: DateOutOfRange',
    );
  });

  it('spans 1 to 365 days', () => {
    expect(order(soon(1), soon(2)).success).toBe(true);
    expect(order(soon(1), soon(366)).success).toBe(true);
    expect(issues(order(soon(1), soon(367)))).toEqual(['rentalEndTime: TooManyDays']);
    expect(issues(order(soon(2), soon(1)))).toEqual(['rentalEndTime: RentalEndBeforeStart']);
    expect(bookingRangeProblem(soon(0), soon(365))).toBeNull();
    const stockOut = StockOutSchema.safeParse({
      reason: '维修',
      unavailableStartTime: soon(1),
      unavailableEndTime: soon(400),
    });
    expect(issues(stockOut)).toEqual(['unavailableEndTime: TooManyDays']);
  });

  it('refuses a date as a phone number', () => {
    const result = OrderCreateSchema.safeParse({
      storeId: '7f3c2f1e-5d55-4c7e-9b1d-2f6a4c8e9b10',
      customerName: '王五',
      customerPhone: '2024-01-01',
      rentalStartTime: soon(1),
      rentalEndTime: soon(2),
      items: [{ categoryId: '7f3c2f1e-5d55-4c7e-9b1d-2f6a4c8e9b10' }],
    });
    expect(issues(result)).toEqual(['customerPhone: InvalidPhone']);
  });
});

describe('name-like fields use the text rules', () => {
  it('equipment names, brands and models', () => {
    const base = {
      categoryId: '7f3c2f1e-5d55-4c7e-9b1d-2f6a4c8e9b10',
      storeId: '7f3c2f1e-5d55-4c7e-9b1d-2f6a4c8e9b10',
      name: '双板',
      barcodeNumber: 'SG0001',
      dailyRentPrice: 80,
      deposit: 500,
    };
    expect(issues(EquipmentInputSchema.safeParse({ ...base, name: '\u200b' }))).toEqual([
      'name: NameRequired',
    ]);
    expect(issues(EquipmentInputSchema.safeParse({ ...base, brand: 'Bur\u202eton' }))).toEqual([
      'brand: InvalidCharacters',
    ]);
    expect(issues(EquipmentInputSchema.safeParse({ ...base, model: 'a\nb' }))).toEqual([
      'model: InvalidCharacters',
    ]);
  });

  it('employee names; a role named twice is held once', () => {
    const employee = {
      userName: 'new.hire',
      password: '1q2w3E*x',
      name: '李四',
      roles: ['StoreEmployee', 'StoreEmployee'],
      primaryStoreId: null,
    };
    expect(CreateEmployeeSchema.parse(employee).roles).toEqual(['StoreEmployee']);
    expect(issues(CreateEmployeeSchema.safeParse({ ...employee, name: '李\n四' }))).toEqual([
      'name: InvalidCharacters',
    ]);
  });
});
