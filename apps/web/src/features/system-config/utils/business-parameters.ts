import type { H5Config, KeyValue } from '@snowgear/contracts';

const find = (list: KeyValue[] | undefined, key: string) => list?.find((p) => p.key === key)?.value;

/** A store's value wins over the global one, but only when it is not empty or blank (spec §5). */
export function businessParameter(
  config: H5Config | null,
  storeId: string | null | undefined,
  key: string,
): string | undefined {
  if (!config) return undefined;
  const storeValue = storeId
    ? find(config.storeConfigs[storeId]?.businessParameters, key)
    : undefined;
  if (storeValue !== undefined && storeValue.trim() !== '') return storeValue;
  return find(config.globalBusinessParameters, key);
}
