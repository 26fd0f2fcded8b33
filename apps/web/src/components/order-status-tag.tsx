import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { ORDER_STATUS_KEYS, orderStatusColor } from '@/lib/order-status';

/** An order status code as a coloured tag. */
export function OrderStatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  const key = ORDER_STATUS_KEYS[status];
  return (
    <Tag color={orderStatusColor(status)} fill="solid" className="status-tag">
      {key ? t(`orders.statuses.${key}`) : String(status)}
    </Tag>
  );
}
