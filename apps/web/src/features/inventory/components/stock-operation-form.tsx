import { Form, List, Selector } from 'antd-mobile';
import { NumberStepper } from '@/components/number-stepper';
import { DatePicker } from '@/components/antd/date-picker';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  STOCK_REASON_MAX,
  STOCK_REMARKS_MAX,
  UNAVAILABLE_DAYS_MAX,
  UNAVAILABLE_DAYS_MIN,
} from '@snowgear/contracts';
import type { StockFormError, StockFormValues } from '../utils/stock-form';
import { LabelledTextArea } from '@/components/labelled-text-area';

interface Props {
  values: StockFormValues;
  errors: Partial<Record<keyof StockFormValues, StockFormError>>;
  isCheckOut: boolean;
  quickReasons: string[];
  /** YYYY-MM-DD: the first selectable start date */
  today: string;
  onChange: (next: StockFormValues) => void;
}

/** Reason (with quick reasons), remarks and, for a check-out, start date and days (spec §2, §5). */
export function StockOperationForm({
  values,
  errors,
  isCheckOut,
  quickReasons,
  today,
  onChange,
}: Props) {
  const { t } = useTranslation();
  const [pickerOpen, setPickerOpen] = useState(false);
  const set = (patch: Partial<StockFormValues>) => onChange({ ...values, ...patch });
  const error = (field: keyof StockFormValues) =>
    errors[field] ? (
      <span className="field-error" role="alert">
        {t(`inventory.errors.${errors[field]}`)}
      </span>
    ) : undefined;
  const until = dayjs(values.startDate).add(values.days, 'day').format('YYYY-MM-DD');

  return (
    <Form layout="vertical" className="stock-form">
      <Form.Item
        label={t('inventory.form.reason')}
        required
        description={error('reason')}
        className={errors.reason ? 'has-error' : ''}
      >
        <Selector
          className="quick-reasons"
          aria-label={t('inventory.form.quickReasons')}
          columns={2}
          options={quickReasons.map((r) => ({ label: r, value: r }))}
          value={quickReasons.includes(values.reason) ? [values.reason] : []}
          onChange={(v) => set({ reason: v[0] ?? '' })}
        />
        <LabelledTextArea
          placeholder={t('inventory.form.reasonPlaceholder')}
          label={t('inventory.form.reason')}
          value={values.reason}
          onChange={(reason) => set({ reason })}
          maxLength={STOCK_REASON_MAX}
          showCount
          autoSize={{ minRows: 1, maxRows: 3 }}
        />
      </Form.Item>
      <Form.Item label={t('inventory.form.remarks')} description={error('remarks')}>
        <LabelledTextArea
          placeholder={t('inventory.form.remarksPlaceholder')}
          label={t('inventory.form.remarks')}
          value={values.remarks}
          onChange={(remarks) => set({ remarks })}
          maxLength={STOCK_REMARKS_MAX}
          showCount
          autoSize={{ minRows: 1, maxRows: 4 }}
        />
      </Form.Item>
      {isCheckOut && (
        <>
          <List.Item
            onClick={() => setPickerOpen(true)}
            extra={values.startDate || t('inventory.errors.startDateRequired')}
            description={error('startDate')}
            arrowIcon
          >
            {t('inventory.form.startDate')}
          </List.Item>
          <DatePicker
            visible={pickerOpen}
            onClose={() => setPickerOpen(false)}
            min={dayjs(today).toDate()}
            max={dayjs(today).add(1, 'year').toDate()}
            value={values.startDate ? dayjs(values.startDate).toDate() : undefined}
            onConfirm={(d) => set({ startDate: dayjs(d).format('YYYY-MM-DD') })}
          />
          <Form.Item
            label={t('inventory.form.days')}
            description={error('days') ?? t('inventory.form.until', { date: until })}
          >
            <NumberStepper
              aria-label={t('inventory.form.days')}
              min={UNAVAILABLE_DAYS_MIN}
              max={UNAVAILABLE_DAYS_MAX}
              value={values.days}
              onChange={(days) => set({ days })}
            />
          </Form.Item>
        </>
      )}
    </Form>
  );
}
