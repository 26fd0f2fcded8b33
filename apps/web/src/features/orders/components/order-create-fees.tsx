import { Input, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { OrderType } from '@snowgear/contracts';
import type { OrderFees } from '../utils/order-create-fees';
import { money } from '@/lib/money';

/**
 * The price before submitting, by the server's rules: rent, deposits, delivery and pickup fees,
 * the discount (never below zero; hospitality and loans are free) and the total.
 */
export function OrderCreateFees({
  fees,
  orderType,
  discount,
  discountError,
  onDiscountChange,
}: {
  fees: OrderFees;
  orderType: OrderType;
  /** As typed. */
  discount: string;
  discountError?: string;
  onDiscountChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const asked = Number(discount) || 0;
  return (
    <section className="order-create__section" aria-labelledby="order-create-fees">
      <h2 id="order-create-fees" className="order-create__heading">
        {t('orderCreate.fees.title')}
      </h2>
      <List className="order-create__fees">
        <List.Item extra={money(fees.rent)}>
          {t('orderCreate.fees.rent', { days: fees.days })}
        </List.Item>
        <List.Item extra={money(fees.deposit)}>{t('orderCreate.fees.deposit')}</List.Item>
        {fees.deliveryFee > 0 && (
          <List.Item extra={money(fees.deliveryFee)}>{t('orderCreate.fees.deliveryFee')}</List.Item>
        )}
        {fees.pickupFee > 0 && (
          <List.Item extra={money(fees.pickupFee)}>{t('orderCreate.fees.pickupFee')}</List.Item>
        )}
        {fees.free ? (
          <List.Item extra={`-${money(fees.discount)}`}>
            {t('orderCreate.fees.free', { type: t(`orders.types.${orderType}`) })}
          </List.Item>
        ) : (
          <List.Item
            extra={
              <Input
                className="order-create__discount"
                aria-label={t('orderCreate.fees.discount')}
                placeholder="0.00"
                inputMode="decimal"
                value={discount}
                onChange={onDiscountChange}
              />
            }
            description={
              discountError ? (
                <span className="field-error" role="alert">
                  {discountError}
                </span>
              ) : asked > fees.discount ? (
                t('orderCreate.fees.discountCapped', { amount: money(fees.discount) })
              ) : undefined
            }
          >
            {t('orderCreate.fees.discount')}
          </List.Item>
        )}
        <List.Item
          className="order-create__total"
          extra={<strong>{money(fees.total)}</strong>}
          description={t('orderCreate.fees.estimate')}
        >
          {t('orderCreate.fees.total')}
        </List.Item>
      </List>
    </section>
  );
}
