import { afterEach, describe, expect, it, vi } from 'vitest';
import { dayjs } from './dayjs-zones';

// 'PRC' is the IANA alias of Asia/Shanghai: it has the same clock, and the arithmetic does not
// know it, so the timezone plugin answers it through Intl. Each check compares the two.
const ZONE = 'Asia/Shanghai';
const ALIAS = 'PRC';
const PHONE_ZONES = ['Asia/Shanghai', 'Europe/Berlin', 'America/New_York', 'UTC'];
const phoneZone = process.env.TZ;

afterEach(() => {
  process.env.TZ = phoneZone;
  vi.restoreAllMocks();
});

/** What a screen reads of an instant in a zone, and the instants it derives from it. */
function readings(at: number, zone: string) {
  const store = dayjs(at).tz(zone);
  const wall = store.format('YYYY-MM-DD HH:mm:ss');
  return {
    wall,
    valueOf: store.valueOf(),
    offset: store.utcOffset(),
    weekday: store.day(),
    dayStart: store.startOf('day').valueOf(),
    nextDay: store.add(1, 'day').format('YYYY-MM-DD HH:mm'),
    parsed: dayjs.tz(wall, zone).valueOf(),
    parsedDay: dayjs.tz(wall.slice(0, 10), zone).valueOf(),
    keptWall: dayjs(at).utc().tz(zone, true).valueOf(),
  };
}

describe('dayjs in the business time zone', () => {
  it('reads and parses the store clock as Intl does, whatever zone the phone is in', () => {
    for (const phone of PHONE_ZONES) {
      process.env.TZ = phone;
      // Every 100,003 minutes from 1992 to 2040 (about 250 instants): a step prime to the day's
      // 1,440 minutes, so the instants fall at ever other times of day.
      for (let at = Date.UTC(1992, 0, 2); at < Date.UTC(2040, 0, 1); at += 100_003 * 60_000) {
        expect(readings(at, ZONE), `${new Date(at).toISOString()} on a phone in ${phone}`).toEqual(
          readings(at, ALIAS),
        );
      }
    }
    // Intl answers the alias slowly: a busy machine takes several times as long.
  }, 30_000);

  it('builds no date formatter for the business zone', () => {
    const formatter = vi.spyOn(Intl, 'DateTimeFormat');
    const toLocale = vi.spyOn(Date.prototype, 'toLocaleString');
    readings(Date.UTC(2026, 11, 24, 3, 30), ZONE);
    expect(formatter).not.toHaveBeenCalled();
    expect(toLocale).not.toHaveBeenCalled();
  });

  it('leaves other zones, and the years with summer time, to Intl', () => {
    // Shanghai kept summer time from 1986 to 1991: 1 July 1988 was UTC+9 there.
    expect(
      dayjs(Date.UTC(1988, 6, 1))
        .tz(ZONE)
        .utcOffset(),
    ).toBe(9 * 60);
    expect(dayjs.tz('1988-07-01 12:00', ZONE).toISOString()).toBe('1988-07-01T03:00:00.000Z');
    expect(
      dayjs(Date.UTC(2026, 6, 1))
        .tz('Europe/Berlin')
        .utcOffset(),
    ).toBe(2 * 60);
    expect(dayjs.tz('2026-07-01 12:00', 'Europe/Berlin').toISOString()).toBe(
      '2026-07-01T10:00:00.000Z',
    );
  });

  it('keeps what it cannot read invalid, with the zone', () => {
    expect(dayjs.tz('not a date', ZONE).isValid()).toBe(false);
    expect(dayjs('not a date').tz(ZONE).isValid()).toBe(false);
  });
});
