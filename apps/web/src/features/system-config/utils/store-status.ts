import type { StoreConfig } from '@snowgear/contracts';
import { DEFAULT_BUSINESS_TIME_ZONE, fixedOffsetMinutes } from '@/lib/store-time';

/** Store open status of spec §4: rest day, else open between start and end minutes inclusive. */
export type StoreStatusKind = 'open' | 'closed' | 'rest';

export interface StoreBusinessStatus {
  isOpen: boolean;
  status: StoreStatusKind;
  /** 'HH:mm-HH:mm' */
  hours: string;
}

export { DEFAULT_BUSINESS_TIME_ZONE } from '@/lib/store-time';

export function minutesOf(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

// Building a formatter costs about a millisecond; a list of stores asks once per card and render.
const clockFormats = new Map<string, Intl.DateTimeFormat>();
function clockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = clockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    clockFormats.set(timeZone, format);
  }
  return format;
}

/**
 * Weekday (0 = Sunday) and minutes since midnight of `now` in the business time zone. The store
 * dashboard reads no date but the store's open status: in the business's zone it builds no
 * formatter (`fixedOffsetMinutes`).
 */
export function localClock(now: Date, timeZone: string): { weekday: number; minutes: number } {
  const offset = fixedOffsetMinutes(timeZone, now.getTime());
  if (offset !== undefined) {
    const wall = new Date(now.getTime() + offset * 60_000);
    return { weekday: wall.getUTCDay(), minutes: wall.getUTCHours() * 60 + wall.getUTCMinutes() };
  }
  const parts = clockFormat(timeZone).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(get('weekday'));
  return { weekday, minutes: Number(get('hour')) * 60 + Number(get('minute')) };
}

export function storeBusinessStatus(
  store: StoreConfig,
  now: Date = new Date(),
  timeZone: string = DEFAULT_BUSINESS_TIME_ZONE,
): StoreBusinessStatus {
  const { startTime, endTime, restDays } = store.businessHours;
  const hours = `${startTime}-${endTime}`;
  const clock = localClock(now, timeZone);
  if (restDays.includes(clock.weekday)) return { isOpen: false, status: 'rest', hours };
  const isOpen = clock.minutes >= minutesOf(startTime) && clock.minutes <= minutesOf(endTime);
  return { isOpen, status: isOpen ? 'open' : 'closed', hours };
}

type Translate = (key: 'store.open' | 'store.closed' | 'store.rest' | 'store.notFound') => string;

/** The label shown with the hours: 营业中 / 已打烊 / 今日休息. */
export function storeStatusLabel(status: StoreStatusKind, t: Translate): string {
  if (status === 'open') return t('store.open');
  if (status === 'rest') return t('store.rest');
  return t('store.closed');
}

/** The text variant of spec §4: '营业中 08:00-17:30' / '已打烊 …', or '店铺信息不存在'. */
export function storeStatusText(
  store: StoreConfig | undefined,
  t: Translate,
  now: Date = new Date(),
  timeZone: string = DEFAULT_BUSINESS_TIME_ZONE,
): string {
  if (!store) return t('store.notFound');
  const s = storeBusinessStatus(store, now, timeZone);
  return `${s.isOpen ? t('store.open') : t('store.closed')} ${s.hours}`;
}
