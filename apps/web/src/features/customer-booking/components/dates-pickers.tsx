import { useTranslation } from 'react-i18next';
import { dayjs } from '@/lib/dayjs-zones';
import { clockText } from '@snowgear/contracts';
import { CalendarPicker } from '@/components/antd/calendar-picker';
import { Popup } from '@/components/antd/popup';
import type { BookingStart, DaySlot } from '@/features/system-config';

/**
 * Why a day cannot be taken: before today (or past a year), the store's rest day, the cart's gear
 * fully booked that day, no time left.
 */
export type DayUnavailable = 'past' | 'closed' | 'full' | 'noTime';

interface Props {
  picking: 'date' | 'time' | null;
  booking: BookingStart;
  delivery: boolean;
  min: Date;
  max: Date;
  unavailable: (date: Date) => DayUnavailable | null;
  dayText: (date: Date) => string;
  slotText: (slot: DaySlot) => string;
  onStartDate: (date: string) => void;
  onStartTime: (time: string) => void;
  onClose: () => void;
}

/**
 * The booking's two pickers, the first day's calendar and the times sheet: their code comes with
 * the first tap that opens one, so a first visit does without it.
 */
export function DatesPickers({
  picking,
  booking,
  delivery,
  min,
  max,
  unavailable,
  dayText,
  slotText,
  onStartDate,
  onStartTime,
  onClose,
}: Props) {
  const { t } = useTranslation();
  return (
    <>
      {/*
        One tap on a day takes it and closes (the button below confirms the day shown).
        A greyed day says why under its number: the store's rest day, the cart's gear fully
        booked, or today with no time left; days before today are simply past.
      */}
      <CalendarPicker
        key={booking.date}
        visible={picking === 'date'}
        selectionMode="single"
        allowClear={false}
        title={t('booking.chooseStartDate')}
        confirmText={t('app.confirm')}
        min={min}
        max={max}
        defaultValue={dayjs(booking.date).toDate()}
        // Given this, the calendar no longer greys the days outside min and max by itself.
        shouldDisableDate={(date) => unavailable(date) !== null}
        renderBottom={(date) => {
          const why = unavailable(date);
          return why === 'closed'
            ? t('booking.dayClosed')
            : why === 'full'
              ? t('booking.dayFull')
              : why === 'noTime'
                ? t('booking.dayNoTime')
                : null;
        }}
        onChange={(date) => {
          if (!date) return;
          onStartDate(dayjs(date).format('YYYY-MM-DD'));
          onClose();
        }}
        onClose={onClose}
        onMaskClick={onClose}
        onConfirm={(date) => {
          if (date) onStartDate(dayjs(date).format('YYYY-MM-DD'));
          onClose();
        }}
      />
      <Popup
        visible={picking === 'time'}
        showCloseButton
        position="bottom"
        onClose={onClose}
        onMaskClick={onClose}
        bodyClassName="time-popup"
      >
        <div role="dialog" aria-modal="true" aria-labelledby="booking-times-title">
          <h2 id="booking-times-title" className="time-popup__title">
            {delivery ? t('booking.chooseWindow') : t('booking.chooseTime')}
          </h2>
          <p className="time-popup__day">{dayText(booking.start)}</p>
          <div
            className={`time-popup__slots${delivery ? ' time-popup__slots--windows' : ''}`}
            role="radiogroup"
            aria-labelledby="booking-times-title"
          >
            {booking.slots.map((slot) => {
              const selected = booking.slot?.start === slot.start;
              return (
                <button
                  key={slot.start}
                  type="button"
                  role="radio"
                  aria-checked={selected}
                  disabled={slot.past}
                  className={`chip${selected ? ' chip--selected' : ''}`}
                  onClick={() => {
                    onStartTime(clockText(slot.start));
                    onClose();
                  }}
                >
                  {slotText(slot)}
                </button>
              );
            })}
          </div>
          {booking.slots.some((s) => s.past) && (
            <p className="time-popup__hint">{t('booking.pastTimesGrey')}</p>
          )}
        </div>
      </Popup>
    </>
  );
}
