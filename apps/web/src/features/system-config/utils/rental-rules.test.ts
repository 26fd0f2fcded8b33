import { describe, expect, it } from 'vitest';
import { DeliveryMethod } from '@snowgear/contracts';
import {
  bookingStart,
  daySlots,
  defaultBookingDay,
  presetAddresses,
  type BookingHours,
} from './rental-rules';

const TZ = 'Asia/Shanghai';
const at = (local: string) => new Date(`${local}+08:00`);
const hours: BookingHours = { startTime: '07:30', endTime: '18:00', restDays: [] };
const { SelfPickup, Delivery } = DeliveryMethod;
const times = (slots: { start: number; end: number; past: boolean }[]) =>
  slots.map((s) => `${s.start / 60}${s.past ? ' past' : ''}`);

describe('the times a booking can start', () => {
  it('are every half hour from opening to half an hour before closing, past ones marked today', () => {
    const slots = daySlots('2026-01-10', hours, SelfPickup, at('2026-01-10T10:01:00'), TZ);
    expect(slots).toHaveLength(21);
    expect(slots[0]).toMatchObject({ start: 7.5 * 60, past: true });
    expect(slots.at(-1)).toMatchObject({ start: 17.5 * 60, past: false });
    expect(times(slots).filter((s) => s.endsWith('past'))).toHaveLength(6);
    // Another day has no past times.
    expect(
      daySlots('2026-01-11', hours, SelfPickup, at('2026-01-10T10:01:00'), TZ).some((s) => s.past),
    ).toBe(false);
  });

  it('are two-hour windows that end by closing for a delivery', () => {
    const slots = daySlots('2026-01-11', hours, Delivery, at('2026-01-10T10:01:00'), TZ);
    expect(slots.map((s) => [s.start / 60, s.end / 60])).toEqual([
      [7.5, 9.5],
      [9.5, 11.5],
      [11.5, 13.5],
      [13.5, 15.5],
      [15.5, 17.5],
    ]);
  });
});

describe('the day a booking starts by default', () => {
  it('is today while times are left, and tomorrow after the last one or the threshold', () => {
    expect(defaultBookingDay(at('2026-01-10T10:01:00'), undefined, hours, SelfPickup, TZ)).toBe(
      '2026-01-10',
    );
    expect(defaultBookingDay(at('2026-01-10T17:31:00'), undefined, hours, SelfPickup, TZ)).toBe(
      '2026-01-11',
    );
    // A delivery's last window starts at 15:30.
    expect(defaultBookingDay(at('2026-01-10T15:31:00'), undefined, hours, Delivery, TZ)).toBe(
      '2026-01-11',
    );
    const lateStore = { ...hours, endTime: '23:30' };
    expect(defaultBookingDay(at('2026-01-10T21:01:00'), undefined, lateStore, SelfPickup, TZ)).toBe(
      '2026-01-11',
    );
  });

  it('is never a rest day', () => {
    // 2026-01-11 is a Sunday, 01-12 a Monday.
    const restful = { ...hours, restDays: [0, 1] };
    expect(defaultBookingDay(at('2026-01-10T18:30:00'), undefined, restful, SelfPickup, TZ)).toBe(
      '2026-01-13',
    );
  });
});

describe('where a booking starts', () => {
  it('is the first time still to come today, or the chosen time', () => {
    const now = at('2026-01-10T10:01:00');
    expect(bookingStart('2026-01-10', null, hours, SelfPickup, now, TZ).start).toEqual(
      at('2026-01-10T10:30:00'),
    );
    const chosen = bookingStart('2026-01-12', '14:00', hours, SelfPickup, now, TZ);
    expect(chosen.start).toEqual(at('2026-01-12T14:00:00'));
    expect(chosen.passed).toBe(false);
  });

  it("is the store's opening time on another day", () => {
    const start = bookingStart(
      '2026-01-12',
      null,
      hours,
      SelfPickup,
      at('2026-01-10T22:00:00'),
      TZ,
    );
    expect(start.start).toEqual(at('2026-01-12T07:30:00'));
  });

  it('keeps a chosen time that has passed, and says so', () => {
    const start = bookingStart(
      '2026-01-10',
      '09:00',
      hours,
      SelfPickup,
      at('2026-01-10T10:01:00'),
      TZ,
    );
    expect(start.start).toEqual(at('2026-01-10T09:00:00'));
    expect(start.passed).toBe(true);
  });

  it('moves a pick-up time to the next delivery window when delivery is chosen', () => {
    const start = bookingStart(
      '2026-01-12',
      '10:00',
      hours,
      Delivery,
      at('2026-01-10T10:01:00'),
      TZ,
    );
    expect(start.slot).toMatchObject({ start: 11.5 * 60, end: 13.5 * 60 });
    expect(start.start).toEqual(at('2026-01-12T11:30:00'));
  });

  it('has no time left today after the last one', () => {
    const start = bookingStart(
      '2026-01-10',
      null,
      hours,
      SelfPickup,
      at('2026-01-10T17:45:00'),
      TZ,
    );
    expect(start.slot).toBeNull();
  });
});

describe("a store's preset addresses", () => {
  const value = JSON.stringify(['万龙度假酒店大堂 | Wanlong Resort Hotel lobby', '南门', '  ']);

  it('gives a Chinese reader the Chinese, as the order keeps it', () => {
    expect(presetAddresses(value, 'zh-CN')).toEqual([
      { label: '万龙度假酒店大堂', address: '万龙度假酒店大堂' },
      { label: '南门', address: '南门' },
    ]);
  });

  it('gives an English reader the English, and the order both for the driver', () => {
    expect(presetAddresses(value, 'en-US')).toEqual([
      {
        label: 'Wanlong Resort Hotel lobby',
        address: 'Wanlong Resort Hotel lobby (万龙度假酒店大堂)',
      },
      // Nobody gave this one its English.
      { label: '南门', address: '南门' },
    ]);
  });

  it('offers nothing for a value that is not a list', () => {
    expect(presetAddresses('万龙', 'en-US')).toEqual([]);
    expect(presetAddresses(undefined, 'zh-CN')).toEqual([]);
    expect(presetAddresses('{"a":1}', 'zh-CN')).toEqual([]);
  });
});
