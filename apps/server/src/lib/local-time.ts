/**
 * A time as people read it in messages: `YYYY-MM-DD HH:mm` on the store's wall clock (the business
 * time zone), never UTC.
 */
export function localMinute(at: Date, timeZone: string): string {
  return at.toLocaleString('sv-SE', { timeZone }).slice(0, 16);
}

/**
 * Midnight of a YYYY-MM-DD day on the store's calendar (+ `plusDays`), as an instant. Both sides
 * of the offset are read the same way, so the server's own time zone never enters into it.
 */
export function zonedMidnight(day: string, timeZone: string, plusDays = 0): Date {
  const noonUtc = new Date(`${day}T12:00:00Z`);
  const local = new Date(noonUtc.toLocaleString('en-US', { timeZone }));
  const utc = new Date(noonUtc.toLocaleString('en-US', { timeZone: 'UTC' }));
  const offsetMs = local.getTime() - utc.getTime();
  return new Date(Date.parse(`${day}T00:00:00Z`) - offsetMs + plusDays * 86_400_000);
}
