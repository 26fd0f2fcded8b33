/**
 * A time as people read it in messages: `YYYY-MM-DD HH:mm` on the store's wall clock (the business
 * time zone), never UTC.
 */
export function localMinute(at: Date, timeZone: string): string {
  return formatIn('sv-SE', timeZone).format(at).slice(0, 16);
}

/**
 * `YYYY-MM-DD HH:mm:ss` on the store's wall clock, as exports list times: one formatter per zone
 * for every row (a `toLocaleString` with options makes a new one, and its ICU memory, each call).
 */
export function localSecond(at: Date, timeZone: string): string {
  return formatIn('sv-SE', timeZone).format(at);
}

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * What `toLocaleString(locale, { timeZone })` gives, with its formatter made once per locale and
 * zone: making one costs some forty times formatting with it, and messages format many times.
 */
function formatIn(locale: string, timeZone: string): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}`;
  let found = formats.get(key);
  if (!found) {
    // The fields toLocaleString shows when none is named.
    found = new Intl.DateTimeFormat(locale, {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(key, found);
  }
  return found;
}

/**
 * Midnight of a YYYY-MM-DD day on the store's calendar (+ `plusDays`), as an instant. Both sides
 * of the offset are read the same way, so the server's own time zone never enters into it.
 */
export function zonedMidnight(day: string, timeZone: string, plusDays = 0): Date {
  const noonUtc = new Date(`${day}T12:00:00Z`);
  const local = new Date(formatIn('en-US', timeZone).format(noonUtc));
  const utc = new Date(formatIn('en-US', 'UTC').format(noonUtc));
  const offsetMs = local.getTime() - utc.getTime();
  return new Date(Date.parse(`${day}T00:00:00Z`) - offsetMs + plusDays * 86_400_000);
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const clocks = new Map<string, Intl.DateTimeFormat>();

/** The weekday (0 Sunday … 6) and minutes since midnight of an instant on a time zone's clock. */
export function localClock(at: Date, timeZone: string): { weekday: number; minutes: number } {
  let format = clocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    clocks.set(timeZone, format);
  }
  const parts = format.formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    weekday: WEEKDAYS.indexOf(get('weekday')),
    minutes: Number(get('hour')) * 60 + Number(get('minute')),
  };
}
