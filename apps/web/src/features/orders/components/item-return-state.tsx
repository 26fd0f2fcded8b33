import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { OrderItem } from '@snowgear/contracts';
import { storeTime } from '@/lib/store-clock';

const COLOR = {
  returned: 'success',
  earlyReturned: 'success',
  damaged: 'warning',
  lost: 'danger',
} as const;

/** Whether a line's item is back, and how (with when, if known): after a partial return. */
export function ItemReturnState({ item }: { item: Pick<OrderItem, 'returnState' | 'returnedAt'> }) {
  const { t } = useTranslation();
  if (!item.returnState) return null;
  const state = t(`orderView.returnState.${item.returnState}`);
  return (
    <Tag color={COLOR[item.returnState]} fill="outline" className="order-detail__return-state">
      {item.returnedAt
        ? t('orderView.returnStateAt', { state, at: storeTime(item.returnedAt) })
        : state}
    </Tag>
  );
}
