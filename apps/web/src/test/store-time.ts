/**
 * 10:00 on the store's clock (Asia/Shanghai, UTC+8, no summer time) `days` days from today there,
 * as an ISO string: within every demo store's hours, so a test that books passes at any hour.
 */
export function storeMorning(days: number): string {
  const shanghai = new Date(Date.now() + 8 * 3_600_000);
  const midnight = Date.UTC(
    shanghai.getUTCFullYear(),
    shanghai.getUTCMonth(),
    shanghai.getUTCDate() + days,
  );
  return new Date(midnight + 2 * 3_600_000).toISOString();
}
