import { useEffect, useRef, useState } from 'react';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { ADDRESSES_MAX } from '@snowgear/contracts';
import { useAppStore } from '@/features/app-state';
import { useCreateAddress } from '../api/create-address';
import { useAddresses } from '../api/list-addresses';
import { addressSaveErrors } from '../utils/address-errors';

interface Props {
  /** What the address field holds now. */
  value: string;
  onChange: (address: string) => void;
  /** Ties the 'save' message to the field (ids must be unique on the page). */
  id: string;
}

/**
 * A signed-in customer's saved addresses beside an address field: one tap fills the field, the
 * default fills it when it is empty, and a typed address can be saved for next time.
 */
export function SavedAddressPicker({ value, onChange, id }: Props) {
  const { t } = useTranslation();
  const addresses = useAddresses();
  const create = useCreateAddress();
  const showSuccess = useAppStore((s) => s.showSuccess);
  // The answer to saving what was typed, until something else is typed.
  const [failed, setFailed] = useState<{ address: string; message: string | null } | null>(null);
  const items = addresses.data?.items;
  const typed = value.trim();
  const saveError = failed?.address === typed ? failed.message : null;

  // The default fills an empty field once, when the list first arrives; a field the customer
  // cleared afterwards stays empty.
  const prefilled = useRef(false);
  useEffect(() => {
    if (prefilled.current || !items) return;
    prefilled.current = true;
    const preferred = items.find((a) => a.isDefault);
    if (!typed && preferred) onChange(preferred.address);
  }, [items, typed, onChange]);

  if (addresses.isPending) {
    return (
      <p className="booking-hint" role="status">
        {t('addresses.loadingMine')}
      </p>
    );
  }
  if (addresses.isError) {
    return (
      <p className="booking-hint saved-addresses__error" role="alert">
        {t('addresses.loadMineFailed')}{' '}
        <Button size="small" fill="none" color="primary" onClick={() => void addresses.refetch()}>
          {t('app.retry')}
        </Button>
      </p>
    );
  }

  const saved = addresses.data.items;
  const alreadySaved = saved.some((a) => a.address === typed);
  const canSave = typed.length > 0 && !alreadySaved && saved.length < ADDRESSES_MAX;

  const handleSave = () => {
    setFailed(null);
    create.mutate(
      { address: typed },
      {
        onSuccess: () => showSuccess(t('addresses.savedForNext')),
        onError: (err) => {
          const { fields, form } = addressSaveErrors(t, err);
          setFailed({ address: typed, message: fields.address ?? fields.label ?? form });
        },
      },
    );
  };

  return (
    <div className="saved-addresses">
      {saved.length > 0 && (
        <>
          <p className="booking-hint">{t('addresses.mine')}</p>
          <div className="chip-row" role="group" aria-label={t('addresses.mine')}>
            {saved.map((a) => (
              <button
                key={a.id}
                type="button"
                className={`chip saved-addresses__chip${a.address === typed ? ' chip--selected' : ''}`}
                aria-pressed={a.address === typed}
                onClick={() => onChange(a.address)}
              >
                {a.isDefault && (
                  <span className="saved-addresses__default">{t('addresses.default')}</span>
                )}
                {a.isDefault && ' '}
                {a.label && <strong>{a.label}</strong>}
                {a.label && ' · '}
                {a.address}
              </button>
            ))}
          </div>
        </>
      )}
      {canSave && (
        <Button
          fill="none"
          color="primary"
          className="saved-addresses__save"
          loading={create.isPending}
          aria-describedby={saveError ? `${id}-save-error` : undefined}
          onClick={handleSave}
        >
          {t('addresses.saveForNext')}
        </Button>
      )}
      {saveError && (
        <p id={`${id}-save-error`} className="field-error" role="alert">
          {saveError}
        </p>
      )}
    </div>
  );
}
