import { useMemo, useState } from 'react';
import { Button } from 'antd-mobile';
import { CalendarPicker } from '@/components/antd/calendar-picker';
import { CalendarOutline } from 'antd-mobile-icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FINANCE_MAX_RANGE_DAYS } from '@snowgear/contracts';
import { useAppStore } from '@/features/app-state';
import {
  businessToday,
  isValidRange,
  matchPreset,
  presetRange,
  RANGE_PRESETS,
  rangeOfDates,
  rangeText,
  type DayRange,
} from '../utils/date-range';

/** The dates the numbers cover: quick chips (today, yesterday, last 7 days, this month) or a calendar. */
export function RangeBar({
  range,
  now,
  timeZone,
  onChange,
}: {
  range: DayRange;
  now: Date;
  timeZone: string;
  onChange: (range: DayRange) => void;
}) {
  const { t } = useTranslation();
  const showError = useAppStore((s) => s.showError);
  const [picking, setPicking] = useState(false);
  const preset = matchPreset(range, now, timeZone);
  const today = businessToday(now, timeZone);
  // Two seasons back is as far as anyone reconciles from a phone; never the future.
  const bounds = useMemo(
    () => ({
      min: dayjs(today).subtract(2, 'year').startOf('month').toDate(),
      max: dayjs(today).toDate(),
    }),
    [today],
  );

  const handleConfirm = (value: [Date, Date] | null) => {
    if (!value) return;
    const next = rangeOfDates(value);
    if (!isValidRange(next)) {
      showError(t('finance.rangeTooLong', { max: FINANCE_MAX_RANGE_DAYS }));
      return;
    }
    onChange(next);
  };

  return (
    <section className="finance-range" aria-labelledby="finance-range-title">
      <h2 id="finance-range-title" className="finance-sr-only">
        {t('finance.range')}
      </h2>
      <div className="finance-range__chips">
        {RANGE_PRESETS.map((p) => (
          <Button
            key={p}
            size="small"
            shape="rounded"
            color={preset === p ? 'primary' : 'default'}
            fill={preset === p ? 'solid' : 'outline'}
            aria-pressed={preset === p}
            onClick={() => onChange(presetRange(p, now, timeZone))}
          >
            {t(`finance.presets.${p}`)}
          </Button>
        ))}
        <Button
          size="small"
          shape="rounded"
          color={preset ? 'default' : 'primary'}
          fill={preset ? 'outline' : 'solid'}
          aria-pressed={!preset}
          aria-haspopup="dialog"
          onClick={() => setPicking(true)}
        >
          <CalendarOutline aria-hidden /> {t('finance.custom')}
        </Button>
      </div>
      <p className="finance-range__text" aria-live="polite">
        {t('finance.showing', { range: rangeText(range, now, timeZone) })}
      </p>
      <CalendarPicker
        key={`${range.from}~${range.to}`}
        visible={picking}
        selectionMode="range"
        defaultValue={[dayjs(range.from).toDate(), dayjs(range.to).toDate()]}
        min={bounds.min}
        max={bounds.max}
        title={t('finance.pickRange')}
        closeOnMaskClick
        onClose={() => setPicking(false)}
        onConfirm={handleConfirm}
      />
    </section>
  );
}
