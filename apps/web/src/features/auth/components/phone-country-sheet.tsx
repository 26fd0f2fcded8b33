import { useId, useMemo, useState } from 'react';
import { SearchBar, type SearchBarRef } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { CountryCode } from '@snowgear/contracts';
import { Popup } from '@/components/antd/popup';
import { matchesSearch, phoneCountries, type PhoneCountry } from '../utils/phone-countries';

interface Props {
  visible: boolean;
  country: CountryCode;
  onChoose: (country: CountryCode) => void;
  onClose: () => void;
}

/**
 * The list of countries to choose a phone number's from: the visitors' own first, then every
 * other by name in the reader's language, searchable by name (also in English), code or "+44".
 * Loaded on the first tap, so the sign-in page's first load does not carry it.
 */
export default function PhoneCountrySheet({ visible, country, onChoose, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState('');
  const titleId = useId();
  const lists = useMemo(() => phoneCountries(i18n.language), [i18n.language]);
  const common = lists.common.filter((c) => matchesSearch(c, search));
  const others = lists.others.filter((c) => matchesSearch(c, search));

  const choose = (code: CountryCode) => {
    onChoose(code);
    setSearch('');
  };
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
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="phone-country__popup"
      // Closed, its search box leaves the page: the form's own labels stay the only ones.
      destroyOnClose
    >
      <div role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <div className="phone-country__header">
          <h2 id={titleId}>{t('auth.phoneCountryTitle')}</h2>
          <button type="button" className="phone-country__close" onClick={onClose}>
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
  );
}
