import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EquipmentStatus } from '@snowgear/contracts';
import { changeLanguage, i18n } from '@/lib/i18n';
import { availabilityLines, availabilityTag, holdRange } from './availability';

// The tests read the store's clock on 26 November 2026: dates in another year carry their year.
beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-26T04:00:00Z'));
});
afterAll(() => vi.useRealTimers());

// Times at the store (Beijing, UTC+8).
const at = (day: number, hour: number) => new Date(Date.UTC(2026, 11, day, hour - 8)).toISOString();
const hold = (from: [number, number], to: [number, number]) => ({
  startTime: at(...from),
  endTime: at(...to),
});
const t = i18n.t.bind(i18n);

describe('what a customer reads of an item', () => {
  beforeAll(() => changeLanguage('zh-CN'));

  it('calls an item 可租 only when it is free now', () => {
    const free = { status: 0, availableNow: true, nextFreeFrom: null, holds: [] };
    expect(availabilityTag(free).key).toBe('available');
    expect(availabilityLines(free, t)).toEqual(['现在可租']);
  });

  it('says an item held now is reserved, when it is free again, and when it is held', () => {
    const held = {
      status: EquipmentStatus.Available,
      availableNow: false,
      nextFreeFrom: at(27, 17),
      holds: [hold([24, 9], [27, 17])],
    };
    expect(availabilityTag(held)).toEqual({ key: 'reserved', color: 'warning' });
    expect(availabilityLines(held, t)).toEqual(['12/27 17:00 起可租', '已预订：12/24–12/27']);
  });

  it('lists the coming holds of an item free now', () => {
    const later = {
      status: 0,
      availableNow: true,
      nextFreeFrom: null,
      holds: [hold([24, 9], [27, 17]), hold([30, 9], [30, 17])],
    };
    expect(availabilityLines(later, t)).toEqual(['现在可租', '已预订：12/24–12/27、12/30']);
  });

  it('promises no date for gear out of service or overdue', () => {
    for (const [status, key] of [
      [EquipmentStatus.Damaged, 'damaged'],
      [EquipmentStatus.Lost, 'lost'],
      [EquipmentStatus.InTransfer, 'inTransfer'],
      [EquipmentStatus.Scrapped, 'scrapped'],
    ] as const) {
      const item = { status, availableNow: false, nextFreeFrom: null, holds: [] };
      expect(availabilityTag(item).key).toBe(key);
      expect(availabilityLines(item, t)).toEqual(['暂不可租']);
    }
    const overdue = { status: 1, availableNow: false, nextFreeFrom: null, holds: [] };
    expect(availabilityTag(overdue).key).toBe('inUse');
    expect(availabilityLines(overdue, t)).toEqual(['归还后可租']);
  });

  it('reads ranges in the store time zone', () => {
    // 23:30 UTC on the 23rd is the 24th at the store.
    expect(holdRange({ startTime: '2026-12-23T23:30:00Z', endTime: '2026-12-27T09:00:00Z' })).toBe(
      '12/24–12/27',
    );
    // Next season says which year.
    expect(holdRange({ startTime: '2027-01-09T02:00:00Z', endTime: '2027-01-10T02:00:00Z' })).toBe(
      '2027/01/09–2027/01/10',
    );
  });

  it('reads the same in English', async () => {
    await changeLanguage('en-US');
    const held = {
      status: 0,
      availableNow: false,
      nextFreeFrom: at(27, 17),
      holds: [hold([24, 9], [27, 17]), hold([30, 9], [30, 17])],
    };
    expect(availabilityLines(held, t)).toEqual([
      'Free from 12/27 17:00',
      'Reserved: 12/24–12/27, 12/30',
    ]);
    await changeLanguage('zh-CN');
  });
});
