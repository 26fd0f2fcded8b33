import {
  BusinessParameterKey,
  PaymentMethod,
  type H5Config,
  type KeyValue,
} from '@snowgear/contracts';

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

/** Cash always; WeChat and Alipay when their parameter is 'true' in any case (spec §9). */
export function availablePaymentMethods(
  config: H5Config | null,
  storeId: string | null | undefined,
): PaymentMethod[] {
  const enabled = (key: string) =>
    businessParameter(config, storeId, key)?.trim().toLowerCase() === 'true';
  const methods: PaymentMethod[] = [PaymentMethod.Cash];
  if (enabled(BusinessParameterKey.WeChatPayEnabled)) methods.push(PaymentMethod.WeChat);
  if (enabled(BusinessParameterKey.AlipayEnabled)) methods.push(PaymentMethod.Alipay);
  return methods;
}
