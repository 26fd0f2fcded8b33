import { useId, useMemo, useState } from 'react';
import { Input, Popup, SearchBar, type SearchBarRef } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { splitInternationalNumber, type CountryCode } from '@snowgear/contracts';
import { matchesSearch, phoneCountries, type PhoneCountry } from '../utils/phone-countries';

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
  const [search, setSearch] = useState('');
  const titleId = useId();
  const lists = useMemo(() => phoneCountries(i18n.language), [i18n.language]);
  const current =
    [...lists.common, ...lists.others].find((c) => c.code === country) ?? lists.common[0]!;

  const handleChange = (text: string) => {
    const international = splitInternationalNumber(text);
    if (international) {
      onCountryChange(international.country);
      onChange?.(international.national);
      return;
    }
    onChange?.(text);
  };

  const choose = (code: CountryCode) => {
    onCountryChange(code);
    setOpen(false);
    setSearch('');
  };

  const common = lists.common.filter((c) => matchesSearch(c, search));
  const others = lists.others.filter((c) => matchesSearch(c, search));
  const option = (c: PhoneCountry) => (
    <li key={c.code}>
      <button
        type="button"
        className="phone-country__option"
        aria-label={`${c.name} ${c.callingCode}`}
        aria-current={c.code === country ? 'true' : undefined}
        onClick={() => choose(c.code)}
      >
        <span className="phone-country__name">{c.name}</span>
        <span className="phone-country__code">{c.callingCode}</span>
      </button>
    </li>
  );

  return (
    <div className="phone-number-input">
      <button
        type="button"
        className="phone-country__button"
        aria-haspopup="dialog"
        aria-label={t('auth.phoneCountryButton', {
          country: current.name,
          code: current.callingCode,
        })}
        onClick={() => setOpen(true)}
      >
        {current.callingCode}
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
            : t('auth.phoneNumberPlaceholderAbroad', { country: current.name })
        }
        value={value}
        onChange={handleChange}
        clearable
      />
      <Popup
        visible={open}
        onMaskClick={() => setOpen(false)}
        onClose={() => setOpen(false)}
        bodyClassName="phone-country__popup"
        destroyOnClose
      >
        <div role="dialog" aria-modal="true" aria-labelledby={titleId}>
          <div className="phone-country__header">
            <h2 id={titleId}>{t('auth.phoneCountryTitle')}</h2>
            <button type="button" className="phone-country__close" onClick={() => setOpen(false)}>
              {t('auth.phoneCountryClose')}
            </button>
          </div>
          <SearchBar
            ref={(bar: SearchBarRef | null) =>
              // antd-mobile puts no label on the box itself; a screen reader needs one.
              bar?.nativeElement?.setAttribute('aria-label', t('auth.phoneCountrySearch'))
            }
            placeholder={t('auth.phoneCountrySearch')}
            value={search}
            onChange={setSearch}
          />
          <div className="phone-country__lists">
            {common.length > 0 && (
              <section aria-label={t('auth.phoneCountryCommon')}>
                <h3>{t('auth.phoneCountryCommon')}</h3>
                <ul>{common.map(option)}</ul>
              </section>
            )}
            {others.length > 0 && (
              <section aria-label={t('auth.phoneCountryAll')}>
                <h3>{t('auth.phoneCountryAll')}</h3>
                <ul>{others.map(option)}</ul>
              </section>
            )}
            {common.length + others.length === 0 && (
              <p className="phone-country__none" role="status">
                {t('auth.phoneCountryNone')}
              </p>
            )}
          </div>
        </div>
      </Popup>
    </div>
  );
}
