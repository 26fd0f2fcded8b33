import { getCountries, getCountryCallingCode, type CountryCode } from 'libphonenumber-js/min';

/**
 * The countries and regions most of the resorts' visitors come from, first in the picker: the
 * mainland (the default), then Hong Kong, Macao and Taiwan, the neighbours, and the long-haul
 * skiing countries.
 */
export const VISITOR_COUNTRIES: readonly CountryCode[] = [
  'CN',
  'HK',
  'MO',
  'TW',
  'KR',
  'JP',
  'RU',
  'US',
  'GB',
  'SG',
  'MY',
  'AU',
  'CA',
  'DE',
  'FR',
  'NZ',
  'TH',
];

export interface PhoneCountry {
  code: CountryCode;
  /** +44 */
  callingCode: string;
  /** In the reader's language. */
  name: string;
  /** Lower-case name in the reader's language and in English, the code and calling code. */
  searchText: string;
}

function regionNames(language: string) {
  try {
    return new Intl.DisplayNames([language], { type: 'region' });
  } catch {
    return null;
  }
}

/** A country's name in `language` (its code where the browser cannot name it). */
export function countryName(code: CountryCode, language: string): string {
  return regionNames(language)?.of(code) ?? code;
}

/**
 * Every country libphonenumber-js knows, named in `language`: the visitor countries in their
 * order, then the others sorted by name as the reader's language sorts.
 */
export function phoneCountries(language: string): {
  common: PhoneCountry[];
  others: PhoneCountry[];
} {
  const local = regionNames(language);
  const english = regionNames('en');
  const describe = (code: CountryCode): PhoneCountry => {
    const name = local?.of(code) ?? code;
    const callingCode = `+${getCountryCallingCode(code)}`;
    return {
      code,
      callingCode,
      name,
      searchText: [name, english?.of(code) ?? '', code, callingCode].join(' ').toLowerCase(),
    };
  };
  const collator = new Intl.Collator(language);
  const others = getCountries()
    .filter((code) => !VISITOR_COUNTRIES.includes(code))
    .map(describe)
    .sort((a, b) => collator.compare(a.name, b.name));
  return { common: VISITOR_COUNTRIES.map(describe), others };
}

/** Whether a country matches what was typed in the search (name, code or "+44"/"44"). */
export function matchesSearch(country: PhoneCountry, search: string): boolean {
  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  return words.every(
    (word) =>
      country.searchText.includes(word) ||
      (/^\d+$/.test(word) && country.callingCode === `+${word}`),
  );
}
