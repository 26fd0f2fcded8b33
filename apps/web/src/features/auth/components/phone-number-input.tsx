import { lazy, Suspense, useState } from 'react';
import { Input } from 'antd-mobile';
import { getCountryCallingCode } from 'libphonenumber-js/min';
import { useTranslation } from 'react-i18next';
import { splitInternationalNumber, type CountryCode } from '@snowgear/contracts';
import { countryName } from '../utils/phone-countries';

const PhoneCountrySheet = lazy(() => import('./phone-country-sheet'));

interface Props {
  /** The field's id (the form's label points at it). */
  id?: string;
  /** The digits as typed, without the country code (set by the form). */
  value?: string;
  onChange?: (value: string) => void;
  country: CountryCode;
  onCountryChange: (country: CountryCode) => void;
}

/**
 * A mobile number with its country: a button showing the country's code (+86 first) opens a
 * searchable list of every country, the visitors' own first; a number pasted or typed with its
 * '+' country code picks that country by itself and keeps the digits after the code.
 */
export function PhoneNumberInput({ id, value = '', onChange, country, onCountryChange }: Props) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  // Mounted from the first tap on, so that closing it can animate.
  const [wanted, setWanted] = useState(false);
  const name = countryName(country, i18n.language);
  const callingCode = `+${getCountryCallingCode(country)}`;

  const handleChange = (text: string) => {
    const international = splitInternationalNumber(text);
    if (international) {
      onCountryChange(international.country);
      onChange?.(international.national);
      return;
    }
    onChange?.(text);
  };

  return (
    <div className="phone-number-input">
      <button
        type="button"
        className="phone-country__button"
        aria-haspopup="dialog"
        aria-label={t('auth.phoneCountryButton', { country: name, code: callingCode })}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        {callingCode}
        <span aria-hidden="true" className="phone-country__caret">
          ▾
        </span>
      </button>
      <Input
        id={id}
        type="tel"
        inputMode="tel"
        maxLength={24}
        autoComplete={country === 'CN' ? 'tel-national' : 'tel'}
        placeholder={
          country === 'CN'
            ? t('auth.phoneNumberPlaceholder')
            : t('auth.phoneNumberPlaceholderAbroad', { country: name })
        }
        value={value}
        onChange={handleChange}
        clearable
      />
      {wanted && (
        <Suspense fallback={null}>
          <PhoneCountrySheet
            visible={open}
            country={country}
            onChoose={(next) => {
              onCountryChange(next);
              setOpen(false);
            }}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </div>
  );
}
