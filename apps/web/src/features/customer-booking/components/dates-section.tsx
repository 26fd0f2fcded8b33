import { Suspense, useState } from 'react';
import { Button, Stepper } from 'antd-mobile';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { useTranslation } from 'react-i18next';
import { UNAVAILABLE_DAYS_MAX, UNAVAILABLE_DAYS_MIN } from '@snowgear/contracts';
import { LazyCalendarPicker } from '@/components/lazy-popups';
import { useOpenedOnce } from '@/lib/use-opened-once';

dayjs.extend(utc);
dayjs.extend(timezone);

interface Props {
  /** YYYY-MM-DD of the first day. */
  startDate: string;
  days: number;
  start: Date;
  end: Date;
  /** Today in the store's time zone (YYYY-MM-DD): the first day that can be chosen. */
  today: string;
  /** Weekdays (0 Sunday … 6) the store does not open. */
  restDays: number[];
  timeZone: string;
  onStartDate: (date: string) => void;
  onDays: (days: number) => void;
}

/** The rental window: the first day (today to a year ahead, rest days greyed) and the days. */
export function DatesSection({
  startDate,
  days,
  start,
  end,
  today,
  restDays,
  timeZone,
  onStartDate,
  onDays,
}: Props) {
  const { t, i18n } = useTranslation();
  const [picking, setPicking] = useState(false);
  const calendarOpened = useOpenedOnce(picking);
  const when = (d: Date) =>
    new Intl.DateTimeFormat(i18n.language, {
      month: 'short',
      day: 'numeric',
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone,
    }).format(d);
  // Gear due back on a day the store stays shut cannot be returned that day.
  const returnOnRestDay = restDays.includes(dayjs(end).tz(timeZone).day());
  const min = dayjs(today).toDate();
  const max = dayjs(today).add(1, 'year').toDate();

  return (
    <div className="dates-section">
      <div className="dates-section__row">
        <div>
          <div className="dates-section__label">{t('booking.pickUp')}</div>
          <div className="dates-section__value">{when(start)}</div>
        </div>
        <Button color="primary" fill="outline" onClick={() => setPicking(true)}>
          {t('booking.changeDate')}
        </Button>
      </div>
      <div className="dates-section__row">
        <div className="dates-section__label" id="booking-days-label">
          {t('booking.days')}
        </div>
        <Stepper
          aria-labelledby="booking-days-label"
          min={UNAVAILABLE_DAYS_MIN}
          max={UNAVAILABLE_DAYS_MAX}
          step={1}
          digits={0}
          value={days}
          onChange={(value) =>
            onDays(
              Math.min(
                UNAVAILABLE_DAYS_MAX,
                Math.max(UNAVAILABLE_DAYS_MIN, Math.round(value || 1)),
              ),
            )
          }
        />
      </div>
      <div className="dates-section__row">
        <div>
          <div className="dates-section__label">{t('booking.returnBy')}</div>
          <div className="dates-section__value">{when(end)}</div>
        </div>
      </div>
      {returnOnRestDay && (
        <p className="dates-section__warning" role="status">
          {t('booking.returnOnRestDay')}
        </p>
      )}
      {calendarOpened && (
        <Suspense fallback={null}>
          <LazyCalendarPicker
            visible={picking}
            selectionMode="single"
            title={t('booking.chooseStartDate')}
            confirmText={t('app.confirm')}
            min={min}
            max={max}
            value={dayjs(startDate).toDate()}
            shouldDisableDate={(date) => restDays.includes(dayjs(date).day())}
            onClose={() => setPicking(false)}
            onMaskClick={() => setPicking(false)}
            onConfirm={(date) => {
              if (date) onStartDate(dayjs(date).format('YYYY-MM-DD'));
              setPicking(false);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
