/**
 * Wall-clock time in the business time zone: reminders are due by the store's day and hour, not
 * the server's.
 */
export interface WallClock {
  /** YYYY-MM-DD */
  date: string;
  hour: number;
  minute: number;
}

const formats = new Map<string, Intl.DateTimeFormat>();

function format(timeZone: string): Intl.DateTimeFormat {
  let found = formats.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(timeZone, found);
  }
  return found;
}

export function wallClock(at: Date, timeZone: string): WallClock {
  const parts = format(timeZone).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  return {
    date: `${part('year')}-${part('month')}-${part('day')}`,
    hour: Number(part('hour')),
    minute: Number(part('minute')),
  };
}

/** The day `days` after a YYYY-MM-DD day. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The instant a store-local day starts (its midnight, or the first minute after a DST gap). */
export function startOfDay(date: string, timeZone: string): Date {
  const wanted = Date.parse(`${date}T00:00:00Z`);
  let guess = wanted;
  // The zone's offset at the guess moves the guess; twice settles it, DST changes included.
  for (let i = 0; i < 2; i += 1) {
    const seen = wallClock(new Date(guess), timeZone);
    const seenMs = Date.parse(
      `${seen.date}T${String(seen.hour).padStart(2, '0')}:${String(seen.minute).padStart(2, '0')}:00Z`,
    );
    guess += wanted - seenMs;
  }
  return new Date(guess);
}

/** "12月2日 09:00": how a reminder names a store-local time. */
export function chineseTime(at: Date, timeZone: string): string {
  const { date, hour, minute } = wallClock(at, timeZone);
  const [, month, day] = date.split('-').map(Number);
  return `${month}月${day}日 ${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/** "2026年12月2日 09:00": the form WeChat's time keyword takes. */
export function weChatTime(at: Date, timeZone: string): string {
  return `${wallClock(at, timeZone).date.slice(0, 4)}年${chineseTime(at, timeZone)}`;
}

/** "09:00" */
export function clockTime(at: Date, timeZone: string): string {
  const { hour, minute } = wallClock(at, timeZone);
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}
