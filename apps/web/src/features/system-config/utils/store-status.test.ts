import { describe, expect, it } from 'vitest';
import type { StoreConfig } from '@snowgear/contracts';
import { i18n } from '@/lib/i18n';
import { localClock, storeBusinessStatus, storeStatusLabel, storeStatusText } from './store-status';

const store = (restDays: number[] = []): StoreConfig => ({
  storeId: 's1',
  storeName: '万龙雪场店',
  contactInfo: { phone: '', address: '' },
  location: null,
  businessHours: { startTime: '08:00', endTime: '17:30', restDays },
  businessParameters: [],
});
/** A Shanghai wall-clock time (UTC+8) on Saturday 2026-11-21. */
const at = (hhmm: string, day = '2026-11-21') => new Date(`${day}T${hhmm}:00+08:00`);
const t = i18n.getFixedT('zh-CN');

describe('store open status', () => {
  it('is open from the first to the last minute inclusive, closed outside', () => {
    expect(storeBusinessStatus(store(), at('07:59')).status).toBe('closed');
    expect(storeBusinessStatus(store(), at('08:00')).status).toBe('open');
    expect(storeBusinessStatus(store(), at('17:30')).status).toBe('open');
    expect(storeBusinessStatus(store(), at('17:31')).status).toBe('closed');
    expect(storeBusinessStatus(store(), at('12:00')).hours).toBe('08:00-17:30');
  });

  it('is a rest day whatever the hour when the weekday is listed', () => {
    const saturday = 6;
    const s = storeBusinessStatus(store([saturday]), at('12:00'));
    expect(s).toEqual({ isOpen: false, status: 'rest', hours: '08:00-17:30' });
    expect(storeBusinessStatus(store([0]), at('12:00')).status).toBe('open');
  });

  it('reads the clock in the business time zone, not the device zone', () => {
    // 01:00 UTC on Saturday is 09:00 Saturday in Shanghai.
    expect(localClock(new Date('2026-11-21T01:00:00Z'), 'Asia/Shanghai')).toEqual({
      weekday: 6,
      minutes: 540,
    });
    // 20:00 UTC on Friday is already 04:00 Saturday in Shanghai.
    expect(localClock(new Date('2026-11-20T20:00:00Z'), 'Asia/Shanghai').weekday).toBe(6);
    // A zone with summer time goes through the time zone data: 12:00 UTC is 08:00 in New York
    // in July (UTC-4) and 07:00 in January (UTC-5).
    expect(localClock(new Date('2026-07-01T12:00:00Z'), 'America/New_York').minutes).toBe(480);
    expect(localClock(new Date('2026-01-07T12:00:00Z'), 'America/New_York').minutes).toBe(420);
  });

  it("reads Shanghai's clock by arithmetic exactly as the time zone data reads it", () => {
    const intl = new Intl.DateTimeFormat('en-US', {
      timeZone: 'Asia/Shanghai',
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    const days = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
    // Every 613 minutes from 1992 to 2040: a step prime to the day's 1,440 minutes, so every
    // minute of the day comes round on every weekday.
    const step = 613 * 60_000;
    for (let at = Date.UTC(1992, 0, 1); at < Date.UTC(2040, 0, 1); at += step) {
      const now = new Date(at);
      const parts = Object.fromEntries(intl.formatToParts(now).map((p) => [p.type, p.value]));
      expect(localClock(now, 'Asia/Shanghai')).toEqual({
        weekday: days.indexOf(parts.weekday!),
        minutes: Number(parts.hour) * 60 + Number(parts.minute),
      });
    }
  });

  it('labels 营业中 / 已打烊 / 今日休息 and the text variant', () => {
    expect(storeStatusLabel('open', t)).toBe('营业中');
    expect(storeStatusLabel('closed', t)).toBe('已打烊');
    expect(storeStatusLabel('rest', t)).toBe('今日休息');
    expect(storeStatusText(store(), t, at('09:00'))).toBe('营业中 08:00-17:30');
    expect(storeStatusText(store(), t, at('18:00'))).toBe('已打烊 08:00-17:30');
    expect(storeStatusText(undefined, t)).toBe('店铺信息不存在');
    expect(storeStatusLabel('rest', i18n.getFixedT('en-US'))).toBe('Closed today');
  });
});
