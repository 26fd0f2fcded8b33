import { lazy, Suspense, useState } from 'react';
import { Button } from 'antd-mobile';
import { dayjs } from '@/lib/dayjs-zones';
import { useTranslation } from 'react-i18next';
import { clockText, UNAVAILABLE_DAYS_MAX, UNAVAILABLE_DAYS_MIN } from '@snowgear/contracts';
import { HalfDayChoice, type HalfDayOffer } from '@/components/half-day-choice';
import { NumberStepper } from '@/components/number-stepper';
import { dateLocale, isOtherYear } from '@/lib/store-time';
import { useOpenedOnce } from '@/lib/use-opened-once';
import type { BookingStart, DaySlot } from '@/features/system-config';
import type { DayUnavailable } from './dates-pickers';

// The calendar and the times sheet load with the first tap that opens one of them.
const DatesPickers = lazy(() =>
  import('./dates-pickers').then((m) => ({ default: m.DatesPickers })),
);

interface Props {
  /** The day, its times, the one chosen and the instant the rental starts. */
  booking: BookingStart;
  days: number;
  end: Date;
  now: Date;
  /** Today in the store's time zone (YYYY-MM-DD): the first day that can be chosen. */
  today: string;
  /** Weekdays (0 Sunday … 6) the store does not open. */
  restDays: number[];
  /** Whether today still has a time to offer (a day with none left cannot be chosen). */
  todayHasTime: boolean;
  /** The gear is delivered: the times are delivery windows. */
  delivery: boolean;
  timeZone: string;
  /**
   * The store rents by the half day (its cards price one): from when on the store's clock,
   * whether the chosen start allows one, and whether it is taken. Null: the store does not.
   */
  halfDay?: HalfDayOffer | null;
  /** Days (YYYY-MM-DD) the cart's gear is fully booked: greyed in the calendar as 已订满. */
  fullDays?: readonly string[] | undefined;
  /** The calendar opens (the page then asks which days are fully booked). */
  onCalendar?: () => void;
  onStartDate: (date: string) => void;
  onStartTime: (time: string) => void;
  onDays: (days: number) => void;
  onHalfDay?: (on: boolean) => void;
}

/**
 * The rental window: the first day (today to a year ahead, rest days greyed), the pick-up time in
 * the store's half-hour steps or the delivery window (today's past ones greyed), and the days.
 */
export function DatesSection({
  booking,
  days,
  end,
  now,
  today,
  restDays,
  todayHasTime,
  delivery,
  timeZone,
  halfDay = null,
  fullDays,
  onCalendar,
  onStartDate,
  onStartTime,
  onDays,
  onHalfDay,
}: Props) {
  const { t, i18n } = useTranslation();
  const [picking, setPicking] = useState<'date' | 'time' | null>(null);
  const opened = useOpenedOnce(picking !== null);
  const day = (d: Date) =>
    new Intl.DateTimeFormat(dateLocale(i18n.language), {
      ...(isOtherYear(d, now) ? { year: 'numeric' } : {}),
      month: 'short',
      day: 'numeric',
      weekday: 'short',
      timeZone,
    }).format(d);
  const time = (d: Date) =>
    new Intl.DateTimeFormat(dateLocale(i18n.language), {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone,
    }).format(d);
  const slotText = (slot: DaySlot) =>
    slot.end > slot.start
      ? t('booking.window', { from: clockText(slot.start), to: clockText(slot.end) })
      : clockText(slot.start);
  // Gear due back on a day the store stays shut cannot be returned that day.
  const returnOnRestDay = restDays.includes(dayjs(end).tz(timeZone).day());
  const min = dayjs(today).toDate();
  const max = dayjs(today).add(1, 'year').toDate();
  /** Why a day of the calendar cannot be taken, or null when it can. */
  const unavailable = (date: Date): DayUnavailable | null => {
    const day = dayjs(date).format('YYYY-MM-DD');
    if (day < today || date > max) return 'past';
    if (restDays.includes(dayjs(date).day())) return 'closed';
    if (fullDays?.includes(day)) return 'full';
    if (!todayHasTime && day === today) return 'noTime';
    return null;
  };
  const timeProblem = !booking.slot
    ? t('booking.noTimeLeft')
    : booking.passed
      ? t('booking.timePassed')
      : null;

  return (
    <div className="dates-section">
      <ChangeRow
        id="booking-start-date"
        label={delivery ? t('booking.deliveryDay') : t('booking.pickUp')}
        value={day(booking.start)}
        action={t('booking.changeDate')}
        onChange={() => {
          setPicking('date');
          onCalendar?.();
        }}
      />
      <ChangeRow
        id="booking-start-time"
        label={delivery ? t('booking.deliveryWindow') : t('booking.pickUpTime')}
        value={booking.slot ? slotText(booking.slot) : '—'}
        action={delivery ? t('booking.changeWindow') : t('booking.changeTime')}
        onChange={() => setPicking('time')}
      />
      {timeProblem && (
        <p id="booking-time-error" className="field-error" role="alert">
          {timeProblem}
        </p>
      )}
      <div className="dates-section__row">
        <div className="dates-section__label" id="booking-days-label">
          {t('booking.days')}
        </div>
        {halfDay?.on ? (
          <div className="dates-section__value">{t('booking.halfDayLength')}</div>
        ) : (
          <NumberStepper
            aria-labelledby="booking-days-label"
            min={UNAVAILABLE_DAYS_MIN}
            max={UNAVAILABLE_DAYS_MAX}
            value={days}
            onChange={onDays}
          />
        )}
      </div>
      {halfDay && <HalfDayChoice offer={halfDay} onChange={(on) => onHalfDay?.(on)} />}
      <div className="dates-section__row">
        <div>
          <div className="dates-section__label">{t('booking.returnBy')}</div>
          <div className="dates-section__value">
            {day(end)} {time(end)}
          </div>
        </div>
      </div>
      {returnOnRestDay && (
        <p className="dates-section__warning" role="status">
          {t('booking.returnOnRestDay')}
        </p>
      )}
      {opened && (
        <Suspense fallback={null}>
          <DatesPickers
            picking={picking}
            booking={booking}
            delivery={delivery}
            min={min}
            max={max}
            unavailable={unavailable}
            dayText={day}
            slotText={slotText}
            onStartDate={onStartDate}
            onStartTime={onStartTime}
            onClose={() => setPicking(null)}
          />
        </Suspense>
      )}
    </div>
  );
}

/** A choice of the start as it stands, with the button that opens its picker. */
function ChangeRow(props: {
  id: string;
  label: string;
  value: string;
  action: string;
  onChange: () => void;
}) {
  return (
    <div className="dates-section__row">
      <div>
        <div className="dates-section__label">{props.label}</div>
        <div className="dates-section__value" id={props.id}>
          {props.value}
        </div>
      </div>
      <Button
        color="primary"
        fill="outline"
        aria-describedby={props.id}
        aria-haspopup="dialog"
        onClick={props.onChange}
      >
        {props.action}
      </Button>
    </div>
  );
}
