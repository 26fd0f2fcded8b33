import { useMemo, useState } from 'react';
import { Button } from 'antd-mobile';
import { CalendarPicker } from '@/components/antd/calendar-picker';
import { CalendarOutline } from 'antd-mobile-icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { businessToday } from '../utils/date-range';

/** The business day to close: today, yesterday, or another day from a calendar (never the future). */
export function ShiftDayBar({
  date,
  now,
  timeZone,
  onChange,
}: {
  date: string;
  now: Date;
  timeZone: string;
  onChange: (date: string) => void;
}) {
  const { t } = useTranslation();
  const [picking, setPicking] = useState(false);
  const today = businessToday(now, timeZone);
  const yesterday = dayjs(today).subtract(1, 'day').format('YYYY-MM-DD');
  const chips = [
    { key: 'today', day: today },
    { key: 'yesterday', day: yesterday },
  ] as const;
  const other = date !== today && date !== yesterday;
  const bounds = useMemo(
    () => ({
      min: dayjs(today).subtract(2, 'year').startOf('month').toDate(),
      max: dayjs(today).toDate(),
    }),
    [today],
  );
  return (
    <div className="shift-day" role="group" aria-label={t('shiftClose.date')}>
      <div className="shift-day__chips">
        {chips.map(({ key, day }) => (
          <Button
            key={key}
            size="small"
            shape="rounded"
            color={date === day ? 'primary' : 'default'}
            fill={date === day ? 'solid' : 'outline'}
            aria-pressed={date === day}
            onClick={() => onChange(day)}
          >
            {t(`shiftClose.presets.${key}`)}
          </Button>
        ))}
        <Button
          size="small"
          shape="rounded"
          color={other ? 'primary' : 'default'}
          fill={other ? 'solid' : 'outline'}
          aria-pressed={other}
          aria-haspopup="dialog"
          onClick={() => setPicking(true)}
        >
          <CalendarOutline aria-hidden /> {t('shiftClose.otherDay')}
        </Button>
      </div>
      <p className="shift-day__text" aria-live="polite">
        {t('shiftClose.showing', { date })}
      </p>
      <CalendarPicker
        key={date}
        visible={picking}
        selectionMode="single"
        defaultValue={dayjs(date).toDate()}
        min={bounds.min}
        max={bounds.max}
        title={t('shiftClose.pickDate')}
        closeOnMaskClick
        onClose={() => setPicking(false)}
        onConfirm={(value) => {
          if (value) onChange(dayjs(value).format('YYYY-MM-DD'));
        }}
      />
    </div>
  );
}
