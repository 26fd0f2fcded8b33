/**
 * A time as people read it in messages: `YYYY-MM-DD HH:mm` on the store's wall clock (the business
 * time zone), never UTC.
 */
export function localMinute(at: Date, timeZone: string): string {
  return at.toLocaleString('sv-SE', { timeZone }).slice(0, 16);
}
