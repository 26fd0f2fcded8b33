import { List, Radio, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { Checkout, PaymentMethod } from '@snowgear/contracts';

/** The methods the store takes; the sandbox ones are marked so nobody mistakes them for real. */
export function MethodPicker({
  checkout,
  methods,
  value,
  onChange,
}: {
  checkout: Checkout;
  methods: PaymentMethod[];
  value: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
}) {
  const { t } = useTranslation();
  return (
    <List header={t('payment.method')}>
      <Radio.Group value={value} onChange={(v) => onChange(v as PaymentMethod)}>
        {methods.map((m) => (
          <List.Item
            key={m}
            extra={
              m !== 'cash' && (checkout.sandbox as string[]).includes(m) ? (
                <Tag color="warning">{t('payment.online.sandbox')}</Tag>
              ) : undefined
            }
          >
            <Radio value={m}>{t(`payment.methods.${m}`)}</Radio>
          </List.Item>
        ))}
      </Radio.Group>
    </List>
  );
}
