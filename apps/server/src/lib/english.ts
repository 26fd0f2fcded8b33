import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * The business's own texts (names of stores, kinds, items, packs, fees, the agreement) are kept in
 * Chinese and, once someone translated them, in English beside (`*_en` columns, empty until
 * then). An English reader gets the English value where there is one and the Chinese otherwise;
 * a Chinese reader always gets the Chinese.
 */
export function inLanguage(english: boolean, zh: string, en: string | null | undefined): string {
  return english && en ? en : zh;
}

/** The same choice in a query, for lists sorted or searched by the text shown. */
export function columnInLanguage(
  english: boolean,
  zh: AnyColumn | SQL,
  en: AnyColumn | SQL,
): SQL<string> {
  return english ? sql<string>`coalesce(nullif(${en}, ''), ${zh})` : sql<string>`${zh}`;
}

/** Each option of an attribute in English, by position; where none was given, the Chinese one. */
export function optionInLanguage(
  english: boolean,
  options: readonly string[],
  optionsEn: readonly string[],
  value: string,
): string {
  if (!english) return value;
  const at = options.indexOf(value);
  return (at >= 0 && optionsEn[at]) || value;
}
