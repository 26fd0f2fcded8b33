import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { Checkout } from '@snowgear/contracts';
import { money } from '@/lib/money';
import { RentalSummary, fromCheckout } from '@/features/rental-summary';

/**
 * The amount due and how it is made up. The one paying (the customer) reads what the order is
 * for, as the booking showed it, less what is already paid; staff taking payment read the fees.
 */
export function CheckoutSummary({
  checkout,
  payer = false,
}: {
  checkout: Checkout;
  /** Seen by the one paying (the customer) rather than the one taking payment. */
  payer?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <section className="order-detail__head">
        <div>
          <h1 className="order-detail__number">{checkout.orderNumber}</h1>
          {/* The customer's name only for them and the store's staff (not a payment link's holder). */}
          <span>
            {checkout.customerName
              ? `${checkout.customerName} · ${checkout.storeName}`
              : checkout.storeName}
          </span>
        </div>
        <div className="order-detail__total">
          <span>{payer ? t('payment.customer.due') : t('payment.due')}</span>
          <strong>{money(checkout.dueAmount)}</strong>
        </div>
      </section>
      {payer ? (
        <div className="page-body">
          <RentalSummary view={fromCheckout(checkout)} />
          {checkout.paidAmount > 0 && (
            <dl className="summary-totals">
              <dt>{t('payment.paidSoFar')}</dt>
              <dd>−{money(checkout.paidAmount)}</dd>
            </dl>
          )}
        </div>
      ) : (
        <List header={t('orders.fees')}>
          {checkout.feeItems.map((fee, index) => (
            <List.Item key={index} extra={money(fee.amount)} description={fee.description}>
              {t(`orders.feeKinds.${fee.kind}`)}
            </List.Item>
          ))}
          {checkout.paidAmount > 0 && (
            <List.Item extra={`−${money(checkout.paidAmount)}`}>{t('payment.paidSoFar')}</List.Item>
          )}
        </List>
      )}
    </>
  );
}
