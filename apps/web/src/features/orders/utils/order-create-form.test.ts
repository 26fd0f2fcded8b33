import { describe, expect, it } from 'vitest';
import { DeliveryMethod, OrderType, ReturnMethod, type Equipment } from '@snowgear/contracts';
import {
  EMPTY_DRAFT,
  cleanDiscount,
  clearOrderDraft,
  fieldErrors,
  isDraftEmpty,
  lineOf,
  loadOrderDraft,
  saveOrderDraft,
  toOrderInput,
  validateOrderInput,
  type OrderCreateDraft,
} from './order-create-form';
import {
  defaultRentalDays,
  defaultRentalStart,
  presetAddresses,
  rentalEnd,
} from '@/features/system-config/utils/rental-rules';

const TZ = 'Asia/Shanghai';
const at = (local: string) => new Date(`${local}+08:00`);
const STORE = '0d4c1a34-9a4b-4f8e-9d7c-6f1e2b3a4c5d';
const GEAR = '5b1f6a8e-2c3d-4e5f-8a9b-0c1d2e3f4a5b';

describe('the default rental start', () => {
  it('rounds now up to the next half hour', () => {
    expect(defaultRentalStart(at('2026-01-10T10:01:00'), undefined, TZ)).toEqual(
      at('2026-01-10T10:30:00'),
    );
    expect(defaultRentalStart(at('2026-01-10T10:31:20'), undefined, TZ)).toEqual(
      at('2026-01-10T11:00:00'),
    );
    expect(defaultRentalStart(at('2026-01-10T10:30:00'), undefined, TZ)).toEqual(
      at('2026-01-10T10:30:00'),
    );
    expect(defaultRentalStart(at('2026-01-10T20:59:00'), undefined, TZ)).toEqual(
      at('2026-01-10T21:00:00'),
    );
  });

  it('is tomorrow 09:00 once past the next-day threshold (default 21:00)', () => {
    expect(defaultRentalStart(at('2026-01-10T21:00:00'), undefined, TZ)).toEqual(
      at('2026-01-10T21:00:00'),
    );
    expect(defaultRentalStart(at('2026-01-10T21:01:00'), undefined, TZ)).toEqual(
      at('2026-01-11T09:00:00'),
    );
    expect(defaultRentalStart(at('2026-01-31T23:50:00'), undefined, TZ)).toEqual(
      at('2026-02-01T09:00:00'),
    );
  });

  it("follows the store's threshold, and ignores one that is no time", () => {
    expect(defaultRentalStart(at('2026-01-10T20:31:00'), '20:30', TZ)).toEqual(
      at('2026-01-11T09:00:00'),
    );
    expect(defaultRentalStart(at('2026-01-10T20:31:00'), 'late', TZ)).toEqual(
      at('2026-01-10T21:00:00'),
    );
  });

  it('ends whole days later', () => {
    expect(rentalEnd(at('2026-01-10T10:30:00'), 3)).toEqual(at('2026-01-13T10:30:00'));
  });
});

describe('store parameters for a new order', () => {
  it('reads the default rental days, else 1', () => {
    expect(defaultRentalDays('3')).toBe(3);
    expect(defaultRentalDays(' 2 ')).toBe(2);
    expect(defaultRentalDays('0')).toBe(1);
    expect(defaultRentalDays('400')).toBe(1);
    expect(defaultRentalDays('1.5')).toBe(1);
    expect(defaultRentalDays(undefined)).toBe(1);
  });

  it('reads preset addresses from a JSON array of strings', () => {
    expect(presetAddresses('["酒店大堂", " ", 3, "南门"]', 'zh-CN').map((p) => p.address)).toEqual([
      '酒店大堂',
      '南门',
    ]);
    expect(presetAddresses('not json', 'zh-CN')).toEqual([]);
  });
});

describe('checking a new order', () => {
  const draft: OrderCreateDraft = {
    ...EMPTY_DRAFT,
    customerName: ' 王五 ',
    customerPhone: '13800001111',
    discount: '20',
    items: [
      {
        equipmentId: GEAR,
        name: '双板',
        barcodeNumber: 'SG1',
        categoryName: '双板',
        dailyPrice: 100,
        deposit: 500,
      },
    ],
  };
  const context = { storeId: STORE, start: at('2026-01-10T10:30:00'), days: 2 };
  // What is checked is booked, and bookings lie within a few years of now.
  const tomorrow = new Date(Date.now() + 86_400_000);

  it('builds the request: trimmed, addresses only with their method', () => {
    const input = toOrderInput(
      {
        ...draft,
        deliveryAddress: '酒店',
        returnMethod: ReturnMethod.Pickup,
        returnAddress: '南门',
      },
      context,
    );
    expect(input).toMatchObject({
      storeId: STORE,
      customerName: '王五',
      rentalStartTime: at('2026-01-10T10:30:00').toISOString(),
      rentalEndTime: at('2026-01-12T10:30:00').toISOString(),
      deliveryMethod: DeliveryMethod.SelfPickup,
      deliveryAddress: '',
      returnAddress: '南门',
      discount: 20,
      items: [{ equipmentId: GEAR }],
    });
    const { rentalStartTime, rentalEndTime } = toOrderInput(draft, { ...context, start: tomorrow });
    expect(validateOrderInput({ ...input, rentalStartTime, rentalEndTime })).toEqual({});
    expect(toOrderInput({ ...draft, orderType: OrderType.Loan }, context).discount).toBe(0);
  });

  it('names the fields with problems', () => {
    const input = toOrderInput(
      {
        ...draft,
        customerName: ' ',
        customerPhone: 'abc',
        deliveryMethod: DeliveryMethod.Delivery,
        items: [],
      },
      { ...context, start: tomorrow },
    );
    expect(validateOrderInput(input)).toEqual({
      customerName: 'CustomerNameRequired',
      customerPhone: 'InvalidPhone',
      deliveryAddress: 'DeliveryAddressRequired',
      items: 'ItemsRequired',
    });
  });

  it('refuses what the server refuses: dates as phones, invisible or multi-line names, a year of rental', () => {
    const refused = (patch: Partial<typeof draft>, days = 3) =>
      validateOrderInput(
        toOrderInput({ ...draft, ...patch }, { ...context, start: tomorrow, days }),
      );
    expect(refused({ customerPhone: '2024-01-01' })).toEqual({ customerPhone: 'InvalidPhone' });
    expect(refused({ customerPhone: '010-12345678' })).toEqual({});
    expect(refused({ customerName: '\u200b\u200b' })).toEqual({
      customerName: 'CustomerNameRequired',
    });
    expect(refused({ customerName: '王\n五' })).toEqual({ customerName: 'InvalidCharacters' });
    expect(refused({ remarks: '第一行\n第二行' })).toEqual({});
    expect(refused({}, 366)).toEqual({ rentalStartTime: 'TooManyDays' });
  });

  it("maps the server's validation members to fields", () => {
    expect(
      fieldErrors([
        { message: 'InvalidPhone', path: 'customerPhone' },
        { message: 'Invalid UUID', path: 'items.0.equipmentId' },
        { message: 'whatever', path: 'body' },
        { message: 'NothingVisible', path: 'remarks' },
        { message: 'DateOutOfRange', path: 'rentalEndTime' },
      ]),
    ).toEqual({
      customerPhone: 'InvalidPhone',
      items: 'invalid',
      remarks: 'NothingVisible',
      rentalStartTime: 'DateOutOfRange',
    });
  });

  it('keeps the discount to digits with at most two decimals', () => {
    expect(cleanDiscount('-12', '')).toBe('12');
    expect(cleanDiscount('12.345', '12.34')).toBe('12.34');
    expect(cleanDiscount('1..2', '1.')).toBe('1.');
    expect(cleanDiscount('', '5')).toBe('');
  });
});

describe('the unsent draft', () => {
  const HOUR = 3600_000;

  it('is kept per user for 24 hours and cleared after sending', () => {
    const t0 = Date.now();
    const draft = { ...EMPTY_DRAFT, customerName: '赵六', days: 3 };
    saveOrderDraft('u1', draft, t0);
    expect(loadOrderDraft('u1', t0 + 23 * HOUR)).toEqual(draft);
    expect(loadOrderDraft('u2', t0)).toBeNull();
    clearOrderDraft('u1');
    expect(loadOrderDraft('u1', t0)).toBeNull();
    saveOrderDraft('u1', draft, t0);
    expect(loadOrderDraft('u1', t0 + 25 * HOUR)).toBeNull();
  });

  it('is not worth keeping until something is entered', () => {
    expect(isDraftEmpty({ ...EMPTY_DRAFT })).toBe(true);
    expect(isDraftEmpty({ ...EMPTY_DRAFT, days: 2 })).toBe(false);
    expect(isDraftEmpty({ ...EMPTY_DRAFT, customerPhone: '1' })).toBe(false);
  });

  it('fills what an older or damaged draft lacks', () => {
    const key = 'draft:order-create:u1';
    const stored = (values: unknown) => JSON.stringify({ savedAt: Date.now(), values });
    window.localStorage.setItem(key, stored({ customerName: '钱七', items: [null, {}] }));
    expect(loadOrderDraft('u1')).toEqual({ ...EMPTY_DRAFT, customerName: '钱七' });
    window.localStorage.setItem(key, '{broken');
    expect(loadOrderDraft('u1')).toBeNull();
  });

  it("restores a start on a day gone by, on the store's calendar, as the default start", () => {
    // 01:00 UTC on 10 January is 09:00 at the store (UTC+8), whatever the phone's zone; its day
    // began at 16:00 UTC on the 9th.
    const now = Date.parse('2027-01-10T01:00:00Z');
    const yesterday = '2027-01-09T15:59:00.000Z';
    // 10:00 at the store: later today.
    const today = '2027-01-10T02:00:00.000Z';
    saveOrderDraft('u1', { ...EMPTY_DRAFT, start: yesterday, days: 2 }, now - 20 * HOUR);
    expect(loadOrderDraft('u1', now)).toEqual({ ...EMPTY_DRAFT, start: null, days: 2 });
    saveOrderDraft('u1', { ...EMPTY_DRAFT, start: today }, now - HOUR);
    expect(loadOrderDraft('u1', now)?.start).toBe(today);
  });

  it('restores a start already past as the default start (an order is never backdated)', () => {
    const now = Date.parse('2027-01-10T02:00:00Z');
    const earlier = '2027-01-10T01:30:00.000Z';
    const justNow = '2027-01-10T01:50:00.000Z';
    const later = '2027-01-10T03:00:00.000Z';
    saveOrderDraft('u1', { ...EMPTY_DRAFT, start: earlier, days: 2 }, now - HOUR);
    expect(loadOrderDraft('u1', now)).toEqual({ ...EMPTY_DRAFT, start: null, days: 2 });
    saveOrderDraft('u1', { ...EMPTY_DRAFT, start: justNow }, now - HOUR);
    expect(loadOrderDraft('u1', now)?.start).toBe(justNow);
    saveOrderDraft('u1', { ...EMPTY_DRAFT, start: later }, now - HOUR);
    expect(loadOrderDraft('u1', now)?.start).toBe(later);
  });

  it('refuses a start before now, less a few minutes for a clerk who took a while', () => {
    const now = Date.parse('2027-01-10T02:00:00Z');
    const input = (start: string) =>
      toOrderInput(
        { ...EMPTY_DRAFT, customerName: '赵六', customerPhone: '13800001234' },
        { storeId: STORE, start: new Date(start), days: 1 },
      );
    const withGear = (start: string) => ({
      ...input(start),
      items: [{ equipmentId: GEAR, scanned: true }],
    });
    expect(validateOrderInput(withGear('2027-01-10T01:30:00Z'), now)).toEqual({
      rentalStartTime: 'RentalStartInPast',
    });
    expect(validateOrderInput(withGear('2027-01-10T01:50:00Z'), now)).toEqual({});
    // A super admin records a paper order from a day the system was down, as the server allows.
    expect(validateOrderInput(withGear('2027-01-07T01:30:00Z'), now, true)).toEqual({});
  });
});

describe('a scanned item on the counter’s list', () => {
  it('is named in the language the clerk reads, as the fee lines are', () => {
    const skis = {
      id: GEAR,
      name: '金鸡 Experience Pro 儿童双板',
      nameShown: "Rossignol Experience Pro kids' skis",
      barcodeNumber: 'SGWLSKI009',
      categoryName: 'Skis',
      dailyRentPrice: 120,
      deposit: 600,
    } as Equipment;
    expect(lineOf(skis, true)).toMatchObject({
      name: "Rossignol Experience Pro kids' skis",
      barcodeNumber: 'SGWLSKI009',
      scanned: true,
    });
  });
});
