import { useState } from 'react';
import { Button } from 'antd-mobile';
import { NumberStepper } from '@/components/number-stepper';
import { useTranslation } from 'react-i18next';
import { storeTime } from '@/lib/store-clock';
import { rentalEnd } from '@/features/system-config';
import { ActionPanel, PanelActions } from '@/components/action-panel';
import type { Order } from '@snowgear/contracts';
import { useExtendOrder } from '../api/order-actions';

/** Extension by whole days: the new return time and the extra rent are shown before confirming. */
export function ExtendPanel({
  order,
  visible,
  onClose,
  onDone,
}: {
  order: Order;
  visible: boolean;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation();
  const extend = useExtendOrder();
  const [days, setDays] = useState(1);
  const [error, setError] = useState<string | null>(null);
  const newEnd = rentalEnd(new Date(order.rentalEndTime), days);
  // What each length costs, as the server prices it (the order's rate card and seasons).
  const fee = order.extensionFees[days - 1] ?? 0;
  // A rental lasts at most 365 days: the stepper offers no more than is left (the server's list).
  const daysLeft = order.extensionFees.length;

  return (
    <ActionPanel visible={visible} title={t('orders.extend.title')} onClose={onClose}>
      <div className="order-panel__row">
        <span id="extend-days-label">{t('orders.extend.days')}</span>
        <NumberStepper
          min={1}
          max={Math.max(1, daysLeft)}
          value={days}
          onChange={setDays}
          aria-labelledby="extend-days-label"
        />
      </div>
      <p className="order-panel__tip">
        {t('orders.extend.summary', {
          end: storeTime(newEnd),
          fee: `¥${fee.toFixed(2)}`,
        })}
      </p>
      <PanelActions error={error}>
        <Button block size="large" onClick={onClose}>
          {t('orders.back')}
        </Button>
        <Button
          block
          size="large"
          color="primary"
          loading={extend.isPending}
          disabled={daysLeft < 1}
          onClick={() =>
            extend.mutate(
              { id: order.id, rentalEndTime: newEnd.toISOString() },
              {
                onSuccess: () => {
                  setError(null);
                  onDone(t('orders.extend.done', { end: storeTime(newEnd) }));
                  onClose();
                },
                onError: (err) => setError(err.message),
              },
            )
          }
        >
          {t('orders.extend.submit')}
        </Button>
      </PanelActions>
    </ActionPanel>
  );
}
