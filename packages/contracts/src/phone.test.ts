import { describe, expect, it } from 'vitest';
import {
  ContactPhoneSchema,
  CreateEmployeeSchema,
  isMainlandNumber,
  normaliseContactPhone,
  normaliseMobileNumber,
  PhoneLoginInputSchema,
  SendSmsCodeInputSchema,
  splitInternationalNumber,
  StoreSaveSchema,
} from './index.js';

const issues = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => result.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

describe('mobile numbers for sign-in', () => {
  it('keeps mainland mobiles as the 11 digits they always were, however typed', () => {
    expect(normaliseMobileNumber('13800138000')).toBe('13800138000');
    expect(normaliseMobileNumber('138 0013 8000')).toBe('13800138000');
    expect(normaliseMobileNumber('+86 138-0013-8000')).toBe('13800138000');
    expect(normaliseMobileNumber('008613800138000')).toBe('13800138000');
    expect(normaliseMobileNumber('１３８００１３８０００')).toBe('13800138000');
    expect(isMainlandNumber('13800138000')).toBe(true);
  });

  it('refuses what is not a mainland mobile, as before', () => {
    for (const bad of ['12800138000', '1380013800', '138001380001', '+86 10 1234 5678', '']) {
      expect(normaliseMobileNumber(bad), bad).toBeNull();
    }
  });

  it('stores a visitor number in E.164, with or without its country code typed', () => {
    expect(normaliseMobileNumber('+44 7400 123456')).toBe('+447400123456');
    expect(normaliseMobileNumber('07400 123456', 'GB')).toBe('+447400123456');
    expect(normaliseMobileNumber('7400123456', 'GB')).toBe('+447400123456');
    expect(normaliseMobileNumber('0044 7400 123456')).toBe('+447400123456');
    expect(normaliseMobileNumber('6123 4567', 'HK')).toBe('+85261234567');
    expect(normaliseMobileNumber('(202) 555-0123', 'US')).toBe('+12025550123');
    expect(normaliseMobileNumber('090-1234-5678', 'JP')).toBe('+819012345678');
    // A number typed with its own '+' wins over the country chosen beside it.
    expect(normaliseMobileNumber('+82 10 1234 5678', 'GB')).toBe('+821012345678');
    // A mainland number chosen as +86 is still a mainland number.
    expect(normaliseMobileNumber('13800138000', 'CN')).toBe('13800138000');
    expect(isMainlandNumber('+447400123456')).toBe(false);
  });

  it('refuses numbers too short or too long for their country, letters and symbols', () => {
    for (const [text, country] of [
      ['+44 123', undefined],
      ['123', 'GB'],
      ['+44 7400 1234567890', undefined],
      ['7400123456', 'HK'],
      ['+1 555 555 5555', undefined],
      ['+44 7400 ABC456', undefined],
      ['+44 7400 123456; drop', undefined],
    ] as const) {
      expect(normaliseMobileNumber(text, country), text).toBeNull();
    }
  });

  it('the send-code and sign-in calls take the stored form, and name the reason', () => {
    expect(SendSmsCodeInputSchema.parse({ phoneNumber: ' +44 7400 123456 ' })).toEqual({
      phoneNumber: '+447400123456',
    });
    expect(SendSmsCodeInputSchema.parse({ phoneNumber: '13800138000' })).toEqual({
      phoneNumber: '13800138000',
    });
    expect(issues(SendSmsCodeInputSchema.safeParse({ phoneNumber: '+44 123' }))).toEqual([
      'phoneNumber: InvalidPhoneNumber',
    ]);
  });

  it('staff numbers may be mainland or international', () => {
    const staff = (phoneNumber: string) =>
      CreateEmployeeSchema.safeParse({
        userName: 'anna',
        name: 'Anna',
        password: 'Secret123!',
        phoneNumber,
        roles: ['StoreEmployee'],
        primaryStoreId: null,
      });
    expect(staff('+44 7400 123456').data?.phoneNumber).toBe('+447400123456');
    expect(staff('13800138000').data?.phoneNumber).toBe('13800138000');
    expect(staff('').data?.phoneNumber).toBeNull();
    expect(issues(staff('12345'))).toEqual(['phoneNumber: InvalidPhoneNumber']);
  });
});

describe('contact numbers (orders, stores)', () => {
  it('keeps mainland mobiles and landlines as typed', () => {
    for (const number of ['13800138000', '010-12345678', '0313 1234567-801', '031312345678']) {
      expect(normaliseContactPhone(number), number).toBe(number);
    }
    expect(normaliseContactPhone('+86 10 1234 5678')).toBe('01012345678');
    expect(normaliseContactPhone('+86 138 0013 8000')).toBe('13800138000');
  });

  it('takes any country with its country code, landlines too, in E.164', () => {
    expect(ContactPhoneSchema.parse('+44 20 7946 0000')).toBe('+442079460000');
    expect(ContactPhoneSchema.parse('+852 6123 4567')).toBe('+85261234567');
    expect(ContactPhoneSchema.safeParse('2024-01-01').success).toBe(false);
    expect(ContactPhoneSchema.safeParse('+44 123').error?.issues[0]?.message).toBe('InvalidPhone');
  });

  it("a store's phone may be empty, mainland or international", () => {
    const store = (phone: string) =>
      StoreSaveSchema.shape.phone.safeParse(phone) as { success: boolean; data?: string };
    expect(store('').data).toBe('');
    expect(store('0313-1234567').data).toBe('0313-1234567');
    expect(store('+81 3-1234-5678').data).toBe('+81312345678');
    expect(store('12').success).toBe(false);
  });
});

describe('real names', () => {
  const name = (realName: string) =>
    PhoneLoginInputSchema.safeParse({ phoneNumber: '13800138000', realName, code: '123456' });

  it('keeps Chinese names as they were', () => {
    expect(name('张三').data?.realName).toBe('张三');
    expect(name(' 李 四 ').data?.realName).toBe('李 四');
    expect(name('阿依古丽·买买提').data?.realName).toBe('阿依古丽·买买提');
  });

  it('takes passport names: accents, spaces, hyphens, apostrophes, periods', () => {
    for (const passport of [
      'John Smith',
      "Siobhán O'Brien",
      'Anne-Sophie Müller',
      'José María García-Fernández',
      'J. R. R. Tolkien',
      'Łukasz Żółć',
      'Nguyễn Văn An',
      // As a passport's machine line prints it: family name, a comma, given names.
      "O'BRIEN, MARY-JANE ELIZABETH",
      `${'A'.repeat(30)}, ${'B'.repeat(32)}`,
    ]) {
      expect(name(passport).data?.realName, passport).toBe(passport);
    }
    // Decomposed accents (as some keyboards send them) are stored composed.
    expect(name('Jose\u0301 Garci\u0301a').data?.realName).toBe('José García');
    expect(name('Maria  Anna   Schmidt').data?.realName).toBe('Maria Anna Schmidt');
  });

  it('refuses digits, symbols, punctuation alone, and too short or too long', () => {
    for (const bad of ['张', 'John2', 'Anna_Smith', '<script>', "--'", 'A'.repeat(65), 'Jo@hn']) {
      expect(issues(name(bad)), bad).toEqual(['realName: InvalidRealName']);
    }
  });
});

describe('a pasted international number', () => {
  it('names its country and the digits after the code', () => {
    expect(splitInternationalNumber('+44 7400 123456')).toEqual({
      country: 'GB',
      national: '7400123456',
    });
    expect(splitInternationalNumber('+86 138 0013 8000')).toEqual({
      country: 'CN',
      national: '13800138000',
    });
    expect(splitInternationalNumber('+1 416 555 0123')?.country).toBe('CA');
    expect(splitInternationalNumber('+44 74')).toBeNull();
    expect(splitInternationalNumber('07400 123456')).toBeNull();
  });
});
