import { useState, type ReactNode } from 'react';
import { Button, Form, Input, Selector } from 'antd-mobile';
import { HalfDayChoice, type HalfDayOffer } from '@/components/half-day-choice';
import { NumberStepper } from '@/components/number-stepper';
import { DatePicker } from '@/components/antd/date-picker';
import { useTranslation } from 'react-i18next';
import {
  DeliveryMethod,
  OrderType,
  ReturnMethod,
  UNAVAILABLE_DAYS_MAX,
  UNAVAILABLE_DAYS_MIN,
  PERSON_NAME_MAX,
} from '@snowgear/contracts';
import type {
  OrderCreateDraft,
  OrderCreateErrors,
  OrderCreateField,
} from '../utils/order-create-form';
import { money } from '@/lib/money';
import { fromPickerDate, storeTime, toPickerDate } from '@/lib/store-clock';
import { CustomerHistoryCard } from './customer-history-card';
import type { PresetAddress } from '@/features/system-config';

const ORDER_TYPES = Object.values(OrderType);
const YEAR_MS = 365 * 86_400_000;

/** An address: the store's presets as one-tap choices, or typed. */
function AddressField({
  label,
  presets,
  value,
  error,
  onChange,
}: {
  label: string;
  presets: PresetAddress[];
  value: string;
  error: ReactNode;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Form.Item label={label} required description={error}>
      {presets.length > 0 && (
        <Selector
          className="order-create__presets"
          aria-label={label}
          columns={2}
          options={presets.map((a) => ({ label: a.label, value: a.address }))}
          value={presets.some((a) => a.address === value) ? [value] : []}
          onChange={(v) => onChange(v[0] ?? '')}
        />
      )}
      <Input
        aria-label={label}
        placeholder={t('orderCreate.addressPlaceholder')}
        value={value}
        maxLength={200}
        clearable
        onChange={onChange}
      />
    </Form.Item>
  );
}

/**
 * Who rents, what kind of order, when, and how the gear goes out and comes back (with the store's
 * preset addresses and fees).
 */
export function OrderCreateDetails({
  draft,
  errors,
  start,
  windowEnd,
  days,
  end,
  halfDay,
  now,
  mayBackdate = false,
  deliveryFee,
  pickupFee,
  deliveryPresets,
  pickupPresets,
  onChange,
}: {
  draft: OrderCreateDraft;
  errors: OrderCreateErrors;
  start: Date;
  /** A delivery's window closes then (the server keeps the same window); null: none. */
  windowEnd: Date | null;
  days: number;
  /** When the gear is due back: whole days on, or the closing of a half day. */
  end: Date;
  /**
   * The store rents by the half day: from when, whether the start allows it, and whether it is
   * taken. Null: not offered.
   */
  halfDay: HalfDayOffer | null;
  now: Date;
  /** A super admin may record a rental that already happened (the server allows it too). */
  mayBackdate?: boolean;
  deliveryFee: number;
  pickupFee: number;
  deliveryPresets: PresetAddress[];
  pickupPresets: PresetAddress[];
  onChange: (patch: Partial<OrderCreateDraft>) => void;
}) {
  const { t } = useTranslation();
  const [pickerOpen, setPickerOpen] = useState(false);
  const startText = windowEnd
    ? `${storeTime(start)}–${storeTime(windowEnd, 'HH:mm')}`
    : storeTime(start);
  const error = (field: OrderCreateField) => {
    const code = errors[field];
    return code ? (
      <span className="field-error" role="alert">
        {t(`orderCreate.errors.${code}`)}
      </span>
    ) : undefined;
  };
  return (
    <Form layout="vertical" className="order-create__form">
      <Form.Item label={t('orderCreate.customerName')} required description={error('customerName')}>
        <Input
          aria-label={t('orderCreate.customerName')}
          placeholder={t('orderCreate.customerNamePlaceholder')}
          value={draft.customerName}
          maxLength={PERSON_NAME_MAX}
          clearable
          onChange={(customerName) => onChange({ customerName })}
        />
      </Form.Item>
      <Form.Item
        label={t('orderCreate.customerPhone')}
        required
        description={error('customerPhone')}
      >
        <Input
          aria-label={t('orderCreate.customerPhone')}
          placeholder={t('orderCreate.customerPhonePlaceholder')}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          value={draft.customerPhone}
          maxLength={20}
          clearable
          onChange={(customerPhone) => onChange({ customerPhone })}
        />
        <CustomerHistoryCard phone={draft.customerPhone} />
      </Form.Item>
      <Form.Item label={t('orderCreate.orderType')}>
        <Selector
          aria-label={t('orderCreate.orderType')}
          columns={3}
          options={ORDER_TYPES.map((type) => ({ label: t(`orders.types.${type}`), value: type }))}
          value={[draft.orderType]}
          onChange={(v) => v[0] && onChange({ orderType: v[0] })}
        />
      </Form.Item>
      <Form.Item
        label={windowEnd ? t('orderCreate.deliveryWindow') : t('orderCreate.start')}
        description={error('rentalStartTime')}
      >
        <Button
          block
          className="order-create__start"
          aria-label={
            windowEnd
              ? t('orderCreate.changeWindow', { time: startText })
              : t('orderCreate.changeStart', { time: startText })
          }
          onClick={() => setPickerOpen(true)}
        >
          {startText}
        </Button>
        <DatePicker
          title={t('orderCreate.pickStart')}
          visible={pickerOpen}
          precision="minute"
          filter={{ minute: (minute) => minute % 5 === 0 }}
          // The picker shows and gives the store's wall-clock time, whatever the phone's zone.
          // No past start: an order is never backdated (a super admin may record a past rental).
          min={toPickerDate(mayBackdate ? now.getTime() - YEAR_MS : now)}
          max={toPickerDate(now.getTime() + YEAR_MS)}
          value={toPickerDate(start)}
          onClose={() => setPickerOpen(false)}
          onConfirm={(date) => onChange({ start: fromPickerDate(date).toISOString() })}
        />
      </Form.Item>
      <Form.Item
        label={t('orderCreate.days')}
        description={t('orderCreate.until', { time: storeTime(end) })}
      >
        {halfDay?.on ? (
          <div className="dates-section__value">{t('booking.halfDayLength')}</div>
        ) : (
          <NumberStepper
            aria-label={t('orderCreate.days')}
            min={UNAVAILABLE_DAYS_MIN}
            max={UNAVAILABLE_DAYS_MAX}
            value={days}
            onChange={(next) => onChange({ days: next })}
          />
        )}
        {halfDay && <HalfDayChoice offer={halfDay} onChange={(on) => onChange({ halfDay: on })} />}
      </Form.Item>
      <Form.Item
        label={t('orderCreate.deliveryMethod')}
        description={
          draft.deliveryMethod === DeliveryMethod.Delivery
            ? t('orderCreate.deliveryFee', { amount: money(deliveryFee) })
            : undefined
        }
      >
        <Selector
          aria-label={t('orderCreate.deliveryMethod')}
          columns={2}
          options={Object.values(DeliveryMethod).map((m) => ({
            label: t(`orders.delivery.${m}`),
            value: m,
          }))}
          value={[draft.deliveryMethod]}
          onChange={(v) => v[0] && onChange({ deliveryMethod: v[0] })}
        />
      </Form.Item>
      {draft.deliveryMethod === DeliveryMethod.Delivery && (
        <AddressField
          label={t('orderCreate.deliveryAddress')}
          presets={deliveryPresets}
          value={draft.deliveryAddress}
          error={error('deliveryAddress')}
          onChange={(deliveryAddress) => onChange({ deliveryAddress })}
        />
      )}
      <Form.Item
        label={t('orderCreate.returnMethod')}
        description={
          draft.returnMethod === ReturnMethod.Pickup
            ? t('orderCreate.pickupFee', { amount: money(pickupFee) })
            : undefined
        }
      >
        <Selector
          aria-label={t('orderCreate.returnMethod')}
          columns={2}
          options={Object.values(ReturnMethod).map((m) => ({
            label: t(`orders.return.${m}`),
            value: m,
          }))}
          value={[draft.returnMethod]}
          onChange={(v) => v[0] && onChange({ returnMethod: v[0] })}
        />
      </Form.Item>
      {draft.returnMethod === ReturnMethod.Pickup && (
        <AddressField
          label={t('orderCreate.returnAddress')}
          presets={pickupPresets}
          value={draft.returnAddress}
          error={error('returnAddress')}
          onChange={(returnAddress) => onChange({ returnAddress })}
        />
      )}
    </Form>
  );
}
