import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Popup } from '@/components/antd/popup';
import { OrderStatusTag } from '@/components/order-status-tag';
import { QueryState } from '@/components/query-state';
import { money } from '@/lib/money';
import { storeTime } from '@/lib/store-clock';
import { RentalSummary, fromAgentOrder } from '@/features/rental-summary';
import { useAgentOrder } from '../api/agent';

/**
 * One of the agent's orders, opened from their list: its customer, store and status, what it
 * costs apart from the refundable deposit, and what it is for (riders and addresses where the
 * agent booked it for the customer).
 */
export function AgentOrderSheet({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const query = useAgentOrder(id);
  return (
    <Popup
      visible={!!id}
      onClose={onClose}
      onMaskClick={onClose}
      showCloseButton
      position="bottom"
      bodyClassName="agent-order-sheet"
      destroyOnClose
    >
      <div role="dialog" aria-modal="true" aria-labelledby="agent-order-title">
        <QueryState query={query} lines={8}>
          {(order) => (
            <>
              <h2 id="agent-order-title" className="agent-order-sheet__title">
                {t('agent.orderTitle', { number: order.orderNumber })}
              </h2>
              <List>
                <List.Item extra={<OrderStatusTag status={order.status} />}>
                  {order.customerName} · {order.customerPhone}
                </List.Item>
                <List.Item
                  extra={storeTime(order.rentalStartTime)}
                  description={order.remarks || undefined}
                >
                  {order.storeName}
                </List.Item>
                <List.Item
                  extra={<strong>{money(order.amount)}</strong>}
                  description={
                    order.deposit > 0
                      ? t('agent.depositApart', { amount: money(order.deposit) })
                      : undefined
                  }
                >
                  {t('agent.amount')}
                </List.Item>
              </List>
              <div className="page-body">
                <RentalSummary view={fromAgentOrder(order)} />
              </div>
            </>
          )}
        </QueryState>
      </div>
    </Popup>
  );
}
