import { describe, expect, it } from 'vitest';
import type { BookingHours } from '@/features/system-config';
import { deliveryWindowEnd, nextDeliveryWindow, nextOpening } from './counter-times';

const TZ = 'Asia/Shanghai';
const at = (local: string) => new Date(`${local}+08:00`);
const hours: BookingHours = { startTime: '07:30', endTime: '18:00', restDays: [] };

describe('when a shut store opens next (the counter after hours)', () => {
  const hours = { startTime: '08:00', endTime: '21:30', restDays: [2] };
  it('is null while it is open, its opening today before it, and the next working day after it', () => {
    // Thursday 26 November 2026.
    expect(nextOpening(at('2026-11-26T10:00:00'), hours, 'Asia/Shanghai')).toBeNull();
    expect(nextOpening(at('2026-11-26T21:30:00'), hours, 'Asia/Shanghai')).toBeNull();
    expect(nextOpening(at('2026-11-26T04:00:00'), hours, 'Asia/Shanghai')).toEqual(
      at('2026-11-26T08:00:00'),
    );
    expect(nextOpening(at('2026-11-26T22:10:00'), hours, 'Asia/Shanghai')).toEqual(
      at('2026-11-27T08:00:00'),
    );
    // Monday night: Tuesday is its rest day, so Wednesday.
    expect(nextOpening(at('2026-11-30T23:00:00'), hours, 'Asia/Shanghai')).toEqual(
      at('2026-12-02T08:00:00'),
    );
    // On the rest day itself, at noon.
    expect(nextOpening(at('2026-12-01T12:00:00'), hours, 'Asia/Shanghai')).toEqual(
      at('2026-12-02T08:00:00'),
    );
  });
});

describe("a counter delivery's window", () => {
  // 07:30–18:00: windows 07:30, 09:30, 11:30, 13:30, 15:30 (the last until 17:30).
  it('starts by default in the next window still to come, never a moment from now', () => {
    expect(nextDeliveryWindow(at('2026-11-30T10:10'), '21:00', hours, TZ)).toEqual(
      at('2026-11-30T11:30'),
    );
    // After the last window opened: tomorrow's first.
    expect(nextDeliveryWindow(at('2026-11-30T17:50'), '21:00', hours, TZ)).toEqual(
      at('2026-12-01T07:30'),
    );
    // The store rests on Tuesdays (2026-12-01): Wednesday's first.
    expect(
      nextDeliveryWindow(at('2026-11-30T17:50'), '21:00', { ...hours, restDays: [2] }, TZ),
    ).toEqual(at('2026-12-02T07:30'));
  });

  it('ends two hours on, as the server keeps it, and is none outside the windows', () => {
    expect(deliveryWindowEnd(at('2026-11-30T11:30'), hours, TZ)).toEqual(at('2026-11-30T13:30'));
    expect(deliveryWindowEnd(at('2026-11-30T10:00'), hours, TZ)).toEqual(at('2026-11-30T12:00'));
    expect(deliveryWindowEnd(at('2026-11-30T19:00'), hours, TZ)).toBeNull();
    expect(deliveryWindowEnd(at('2026-11-30T06:00'), hours, TZ)).toBeNull();
  });
});
