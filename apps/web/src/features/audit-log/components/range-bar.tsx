import { useMemo, useState } from 'react';
import { Button } from 'antd-mobile';
import { CalendarPicker } from '@/components/antd/calendar-picker';
import { CalendarOutline } from 'antd-mobile-icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { AUDIT_MAX_RANGE_DAYS } from '@snowgear/contracts';
import { useAppStore } from '@/features/app-state';
import {
  AUDIT_PRESETS,
  businessToday,
  isValidRange,
  matchPreset,
  presetRange,
  rangeText,
} from '../utils/audit-filters';

/** The business days the log covers: quick chips or a calendar (never the future). */
export function RangeBar({
  range,
  now,
  timeZone,
  onChange,
}: {
  range: { from: string; to: string };
  now: Date;
  timeZone: string;
  onChange: (range: { from: string; to: string }) => void;
}) {
  const { t } = useTranslation();
  const showError = useAppStore((s) => s.showError);
  const [picking, setPicking] = useState(false);
  const preset = matchPreset(range, now, timeZone);
  const today = businessToday(now, timeZone);
  const bounds = useMemo(
    () => ({
      min: dayjs(today).subtract(2, 'year').startOf('month').toDate(),
      max: dayjs(today).toDate(),
    }),
    [today],
  );

  const handleConfirm = (value: [Date, Date] | null) => {
    if (!value) return;
    const [a, b] = value.map((d) => dayjs(d).format('YYYY-MM-DD')) as [string, string];
    const next = a <= b ? { from: a, to: b } : { from: b, to: a };
    if (!isValidRange(next)) {
      showError(t('auditLog.rangeTooLong', { max: AUDIT_MAX_RANGE_DAYS }));
      return;
    }
    onChange(next);
  };

  return (
    <div className="audit-range" role="group" aria-label={t('auditLog.range')}>
      <div className="audit-chips">
        {AUDIT_PRESETS.map((p) => (
          <Button
            key={p}
            size="small"
            shape="rounded"
            color={preset === p ? 'primary' : 'default'}
            fill={preset === p ? 'solid' : 'outline'}
            aria-pressed={preset === p}
            onClick={() => onChange(presetRange(p, now, timeZone))}
          >
            {t(`auditLog.presets.${p}`)}
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
          <CalendarOutline aria-hidden /> {t('auditLog.custom')}
        </Button>
      </div>
      <p className="audit-range__text" aria-live="polite">
        {t('auditLog.showing', { range: rangeText(range, now, timeZone) })}
      </p>
      <CalendarPicker
        key={`${range.from}~${range.to}`}
        visible={picking}
        selectionMode="range"
        defaultValue={[dayjs(range.from).toDate(), dayjs(range.to).toDate()]}
        min={bounds.min}
        max={bounds.max}
        title={t('auditLog.pickRange')}
        closeOnMaskClick
        onClose={() => setPicking(false)}
        onConfirm={handleConfirm}
      />
    </div>
  );
}
