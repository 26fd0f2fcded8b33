import dayjs, { type Dayjs, type PluginFunc } from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import { fixedOffsetMinutes } from './store-time';

/**
 * dayjs with its zones, as every screen that reads the store's clock uses it: the utc and
 * timezone plugins, and the business's own zone read by arithmetic (`fixedOffsetMinutes`).
 *
 * The timezone plugin asks Intl for every conversion, and the first date formatter a page builds
 * loads ICU's calendar and zone data in one long task (11 ms on a fast machine, four to eight
 * times that on a phone). The booking page converts its rental window to the store's clock as it
 * draws, even on a first visit that shows no date yet, so it built one ahead every time. In the
 * business's zone the answer is an offset that has not changed since 1992, so `tz` sets it
 * directly; any other zone, or an earlier instant, still goes through Intl. dayjs-zones.test.ts
 * holds both to the same answers.
 */

/** What the timezone plugin keeps on an instance: the zone it was converted to. */
type Zoned = Dayjs & { $x: { $timezone?: string } };

function inZone(instance: Dayjs, zone: string): Dayjs {
  (instance as Zoned).$x.$timezone = zone;
  return instance;
}

const DAY = 24 * 60 * 60_000;

const fixedZones: PluginFunc = (_option, Dayjs, factory) => {
  const proto = Dayjs.prototype;
  // The timezone plugin's own method, called below with the instance as `this`.
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const viaIntl = proto.tz;
  proto.tz = function (this: Dayjs, zone?: string, keepLocalTime?: boolean) {
    const offset = zone && this.isValid() ? fixedOffsetMinutes(zone, this.valueOf()) : undefined;
    if (zone === undefined || offset === undefined) return viaIntl.call(this, zone, keepLocalTime);
    return inZone(this.utcOffset(offset, keepLocalTime), zone);
  };

  const parseViaIntl = factory.tz;
  const parse = function (input?: dayjs.ConfigType, format?: string, zone?: string) {
    const timeZone = zone ?? format;
    const parseFormat = zone === undefined ? undefined : format;
    if (typeof input !== 'string' || timeZone === undefined) {
      return parseViaIntl(input, parseFormat as string, timeZone as string);
    }
    // The wall-clock time read as if it were UTC, then moved by the zone's offset (asked for a
    // day earlier: no zone is more than 14 hours from UTC).
    const wall = factory.utc(input, parseFormat).valueOf();
    const offset = Number.isNaN(wall) ? undefined : fixedOffsetMinutes(timeZone, wall - DAY);
    if (offset === undefined) return parseViaIntl(input, parseFormat as string, timeZone);
    return inZone(factory(wall - offset * 60_000).utcOffset(offset), timeZone);
  };
  (factory as { tz: typeof factory.tz }).tz = Object.assign(parse, {
    guess: () => parseViaIntl.guess(),
    setDefault: (zone?: string) => parseViaIntl.setDefault(zone),
  });
};

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(fixedZones);

export { dayjs };
export type { Dayjs };
