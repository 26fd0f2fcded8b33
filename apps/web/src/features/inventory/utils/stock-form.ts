import { dayjs } from '@/lib/dayjs-zones';
import {
  DEFAULT_NEXT_DAY_THRESHOLD,
  STOCK_REASON_MAX,
  STOCK_REMARKS_MAX,
  TextIssue,
  textProblem,
  UNAVAILABLE_DAYS_MAX,
  UNAVAILABLE_DAYS_MIN,
} from '@snowgear/contracts';
import { drafts } from '@/lib/drafts';
import { minutesOf, localClock } from '@/features/system-config';

export interface StockFormValues {
  reason: string;
  remarks: string;
  /** YYYY-MM-DD in the business time zone */
  startDate: string;
  days: number;
}

/** Spec §5: today, or tomorrow when it is already past the store's next-day threshold. */
export function defaultStartDate(
  now: Date,
  threshold: string | undefined,
  timeZone: string,
): string {
  const limit = /^\d{2}:\d{2}$/.test(threshold ?? '') ? threshold! : DEFAULT_NEXT_DAY_THRESHOLD;
  const today = dayjs(now).tz(timeZone);
  return (
    localClock(now, timeZone).minutes > minutesOf(limit) ? today.add(1, 'day') : today
  ).format('YYYY-MM-DD');
}

/** The locked range: from now (today) or the start day's midnight, until midnight after the last day. */
export function unavailableRange(
  values: Pick<StockFormValues, 'startDate' | 'days'>,
  now: Date,
  timeZone: string,
) {
  const startOfDay = dayjs.tz(values.startDate, timeZone).startOf('day');
  const today = dayjs(now).tz(timeZone).format('YYYY-MM-DD');
  const start = values.startDate === today ? dayjs(now) : startOfDay;
  const end = startOfDay.add(values.days, 'day');
  return { unavailableStartTime: start.toISOString(), unavailableEndTime: end.toISOString() };
}

export type StockFormError =
  | 'reasonRequired'
  | 'reasonTooLong'
  | 'remarksTooLong'
  | 'startDateRequired'
  | 'daysInvalid'
  | 'invalidCharacters'
  | 'nothingVisible';

/** The checks of spec §5; which apply depends on the action (check-out needs date and days). */
export function validateStockForm(
  values: StockFormValues,
  isCheckOut: boolean,
): Partial<Record<keyof StockFormValues, StockFormError>> {
  const errors: Partial<Record<keyof StockFormValues, StockFormError>> = {};
  // The contracts' text rules: one visible line for the reason, remarks may run to several lines.
  const reason = values.reason.trim();
  const reasonProblem = textProblem(reason);
  if (!reason || reasonProblem === TextIssue.NothingVisible) errors.reason = 'reasonRequired';
  else if (reasonProblem) errors.reason = 'invalidCharacters';
  else if (reason.length > STOCK_REASON_MAX) errors.reason = 'reasonTooLong';
  const remarksProblem = textProblem(values.remarks.trim(), { multiLine: true });
  if (remarksProblem === TextIssue.InvalidCharacters) errors.remarks = 'invalidCharacters';
  else if (remarksProblem) errors.remarks = 'nothingVisible';
  else if (values.remarks.length > STOCK_REMARKS_MAX) errors.remarks = 'remarksTooLong';
  if (isCheckOut) {
    if (!values.startDate) errors.startDate = 'startDateRequired';
    if (
      !Number.isInteger(values.days) ||
      values.days < UNAVAILABLE_DAYS_MIN ||
      values.days > UNAVAILABLE_DAYS_MAX
    ) {
      errors.days = 'daysInvalid';
    }
  }
  return errors;
}

/** A half-filled form survives a reload for 24 hours, per equipment (spec §9). */
const draftKey = (equipmentId: string) => drafts.key('stock-form', equipmentId);

export function loadDraft(equipmentId: string, now = Date.now()): Partial<StockFormValues> | null {
  return drafts.load<Partial<StockFormValues>>(draftKey(equipmentId), now)?.values ?? null;
}

/**
 * A saved draft fit to restore: a start day already gone (the draft was left yesterday) becomes
 * the default start, so a restored form never checks gear out for a window that has ended.
 */
export function restorableDraft(
  draft: Partial<StockFormValues> | null,
  today: string,
  defaultStart: string,
): Partial<StockFormValues> {
  if (!draft) return {};
  if (draft.startDate && draft.startDate < today) return { ...draft, startDate: defaultStart };
  return draft;
}

export function saveDraft(equipmentId: string, values: Partial<StockFormValues>, now = Date.now()) {
  drafts.save(draftKey(equipmentId), values, now);
}

export function clearDraft(equipmentId: string) {
  drafts.clear(draftKey(equipmentId));
}

/** Today's date (YYYY-MM-DD) in the business time zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return dayjs(now).tz(timeZone).format('YYYY-MM-DD');
}
