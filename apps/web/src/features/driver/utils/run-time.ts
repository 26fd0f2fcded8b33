import { storeTime } from '@/lib/store-clock';

/** A run's time as the store reads it: 'MM-DD HH:mm' in the business time zone. */
export function runTime(iso: string): string {
  return storeTime(iso);
}

/** Whether a run still to do is past its time. */
export function isLate(dueAt: string, now: Date): boolean {
  return new Date(dueAt).getTime() < now.getTime();
}
