import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { OrderSummary } from '@snowgear/contracts';
import { money } from '@/lib/money';

/**
 * "货到付款 · 待收 ¥X": the driver collects this at the door before handing the gear over (the
 * customer reads what they pay at the door).
 */
export function CollectOnDeliveryTag({
  order,
  className,
  payer = false,
}: {
  order: Pick<OrderSummary, 'collectOnDelivery'>;
  className?: string;
  payer?: boolean;
}) {
  const { t } = useTranslation();
  if (order.collectOnDelivery <= 0) return null;
  return (
    <Tag color="warning" fill="solid" className={className ?? 'cod-tag'}>
      {t(payer ? 'cashOnDelivery.payerTag' : 'cashOnDelivery.tag', {
        amount: money(order.collectOnDelivery),
      })}
    </Tag>
  );
}
