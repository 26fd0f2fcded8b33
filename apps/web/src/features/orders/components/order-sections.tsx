import { List, Steps } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { Order } from '@snowgear/contracts';
import { money } from '@/lib/money';

/** An order's fee lines and its total, as staff and the customer read them. */
export function OrderFees({ order }: { order: Pick<Order, 'feeItems' | 'totalAmount'> }) {
  const { t } = useTranslation();
  return (
    <List header={t('orders.fees')}>
      {order.feeItems.map((fee) => (
        <List.Item
          key={fee.id}
          extra={money(fee.amount)}
          description={[
            fee.description,
            // Why a line was added by hand, and the manager who allowed it (staff only see names).
            fee.reason && t('money.feeReason', { reason: fee.reason }),
            fee.approvedByName && t('money.feeApprovedBy', { name: fee.approvedByName }),
          ]
            .filter(Boolean)
            .join(' · ')}
        >
          {t(`orders.feeKinds.${fee.kind}`)}
        </List.Item>
      ))}
      <List.Item extra={<strong>{money(order.totalAmount)}</strong>}>{t('orders.total')}</List.Item>
    </List>
  );
}

/** What happened to the order, oldest first, each with its time and who did it. */
export function OrderTimeline({
  order,
  time,
}: {
  order: Pick<Order, 'timeline'>;
  time: (iso: string) => string;
}) {
  const { t } = useTranslation();
  return (
    <List header={t('orders.timeline')}>
      <List.Item>
        <Steps direction="vertical" current={order.timeline.length - 1}>
          {order.timeline.map((event) => (
            <Steps.Step
              key={event.id}
              title={event.message}
              description={`${time(event.createdAt)} · ${event.operatorName}`}
            />
          ))}
        </Steps>
      </List.Item>
    </List>
  );
}
