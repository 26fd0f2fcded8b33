import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import { DEFAULT_BUSINESS_TIME_ZONE } from '@/features/system-config/utils/store-status';

dayjs.extend(utc);
dayjs.extend(timezone);

/** A run's time as the store reads it: 'MM-DD HH:mm' in the business time zone. */
export function runTime(iso: string): string {
  return dayjs(iso).tz(DEFAULT_BUSINESS_TIME_ZONE).format('MM-DD HH:mm');
}

/** Whether a run still to do is past its time. */
export function isLate(dueAt: string, now: Date): boolean {
  return new Date(dueAt).getTime() < now.getTime();
}
