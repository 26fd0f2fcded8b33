import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { DeliveryMethod, ReturnMethod, type Order } from '@snowgear/contracts';

/**
 * Where the gear goes and where it is collected, each under its own name and only when a driver
 * goes there: the delivery address for a delivery, the pickup address for a pickup.
 */
export function OrderAddresses({
  order,
}: {
  order: Pick<Order, 'deliveryMethod' | 'deliveryAddress' | 'returnMethod' | 'returnAddress'>;
}) {
  const { t } = useTranslation();
  return (
    <>
      {order.deliveryMethod === DeliveryMethod.Delivery && order.deliveryAddress && (
        <List.Item description={order.deliveryAddress}>{t('orderView.deliveryAddress')}</List.Item>
      )}
      {order.returnMethod === ReturnMethod.Pickup && order.returnAddress && (
        <List.Item description={order.returnAddress}>{t('orderView.pickupAddress')}</List.Item>
      )}
    </>
  );
}
