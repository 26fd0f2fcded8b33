import type { ReactNode } from 'react';
import { Input, type InputRef } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useFieldAria } from '@/lib/use-field-aria';
import type { PresetAddress } from '@/features/system-config';

/** What the saved-address slot is given of one address field. */
export interface SavedAddressSlot {
  id: string;
  value: string;
  onChange: (value: string) => void;
}

/**
 * The address a delivery or pickup goes to: typed, or a preset or saved address tapped. A chunk
 * of its own: the booking page loads it only once delivery or pickup is chosen.
 */
export function AddressField({
  id,
  label,
  value,
  presets,
  error,
  saved,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  presets: PresetAddress[];
  error?: string | undefined;
  saved?: ((field: SavedAddressSlot) => ReactNode) | undefined;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const ref = useFieldAria<InputRef>(!!error, error ? `${id}-error` : undefined);
  return (
    <div className="address-field">
      <label htmlFor={id} className="address-field__label">
        {label}
      </label>
      <Input
        ref={ref}
        id={id}
        value={value}
        maxLength={200}
        clearable
        placeholder={t('booking.addressPlaceholder')}
        onChange={onChange}
      />
      {saved?.({ id, value, onChange })}
      {presets.length > 0 && (
        <p className="booking-hint" aria-hidden>
          {t('booking.presetAddresses')}
        </p>
      )}
      {presets.length > 0 && (
        <div className="chip-row" aria-label={t('booking.presetAddresses')}>
          {presets.map((p) => (
            <button
              key={p.address}
              type="button"
              className={`chip${p.address === value ? ' chip--selected' : ''}`}
              onClick={() => onChange(p.address)}
            >
              {p.label}
            </button>
          ))}
        </div>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
