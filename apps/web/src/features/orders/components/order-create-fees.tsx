import { Input, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { MONEY_REASON_MAX, type OrderType } from '@snowgear/contracts';
import type { OrderFees } from '../utils/order-create-fees';
import { money } from '@/lib/money';

/**
 * The price before submitting, by the server's rules: rent, deposits, delivery and pickup fees,
 * the discount (rent only, within the clerk's limit unless a manager approves; hospitality and
 * loans are free) and the total, which never drops below the deposits.
 */
export function OrderCreateFees({
  fees,
  orderType,
  discount,
  discountError,
  limit,
  discountReason,
  onDiscountChange,
  onDiscountReasonChange,
  explanations = [],
}: {
  fees: OrderFees;
  /** How the server priced each line's rent, where a rate card did ('' for daily × days). */
  explanations?: string[];
  orderType: OrderType;
  /** As typed. */
  discount: string;
  discountError?: string;
  /** The clerk's limit on this rent; null for a manager (not limited). */
  limit: { percent: number; amount: number } | null;
  discountReason: string;
  onDiscountChange: (value: string) => void;
  onDiscountReasonChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const asked = Number(discount) || 0;
  const beyondLimit = !!limit && !fees.aboveRent && asked > limit.amount;
  const rule = limit
    ? t('money.discount.limit', { limit: money(limit.amount), percent: limit.percent })
    : t('money.discount.limitUnlimited', { rent: money(fees.rent) });
  return (
    <section className="order-create__section" aria-labelledby="order-create-fees">
      <h2 id="order-create-fees" className="order-create__heading">
        {t('orderCreate.fees.title')}
      </h2>
      <List className="order-create__fees">
        <List.Item
          extra={money(fees.rent)}
          description={
            explanations.some(Boolean) ? (
              <ul className="order-create__rent-explanations">
                {explanations.filter(Boolean).map((text, i) => (
                  <li key={i}>{text}</li>
                ))}
              </ul>
            ) : undefined
          }
        >
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
              discountError || fees.aboveRent ? (
                <span className="field-error" role="alert">
                  {discountError ?? t('money.discount.aboveRent', { rent: money(fees.rent) })}
                </span>
              ) : undefined
            }
          >
            {t('orderCreate.fees.discount')}
          </List.Item>
        )}
        {!fees.free && (
          <List.Item
            className="order-create__discount-rule"
            description={t('money.discount.rentOnly')}
          >
            <span className={beyondLimit ? 'order-create__discount-rule--over' : undefined}>
              {beyondLimit ? t('money.discount.needsApproval') : rule}
            </span>
          </List.Item>
        )}
        {!fees.free && asked > 0 && (
          <List.Item>
            <Input
              className="order-create__discount-reason"
              aria-label={t('money.discount.reason')}
              placeholder={`${t('money.discount.reason')}：${t('money.discount.reasonPlaceholder')}`}
              maxLength={MONEY_REASON_MAX}
              value={discountReason}
              onChange={onDiscountReasonChange}
            />
          </List.Item>
        )}
        <List.Item
          className="order-create__total"
          extra={<strong>{money(fees.total)}</strong>}
          description={t(
            fees.estimated ? 'orderCreate.fees.estimateDaily' : 'orderCreate.fees.estimate',
          )}
        >
          {t('orderCreate.fees.total')}
        </List.Item>
      </List>
    </section>
  );
}
