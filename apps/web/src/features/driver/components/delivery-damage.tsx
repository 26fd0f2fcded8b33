import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { Order } from '@snowgear/contracts';
import { BatchDamage, updateMark } from '@/features/inventory';
import type { DamageValue } from '@/features/damage-notes';

/** Items found damaged as they are handed over at the door, each with its photo and note. */
export type DeliveryDamageState = Record<string, DamageValue>;

/** What is missing on an item marked damaged: a photo and a note each (as at a pickup). */
export function deliveryDamageProblem(
  order: Pick<Order, 'items'>,
  damage: DeliveryDamageState,
): 'photoRequired' | 'noteRequired' | null {
  const marked = order.items.filter((i) => damage[i.id]);
  if (marked.some((i) => !damage[i.id]!.photo)) return 'photoRequired';
  if (marked.some((i) => !damage[i.id]!.remarks.trim())) return 'noteRequired';
  return null;
}

/**
 * The driver marks an item damaged at the delivery, with a photo and a note; the store sees it
 * on the order (and its timeline) and the item is marked damaged.
 */
export function DeliveryDamage({
  order,
  value,
  onChange,
}: {
  order: Pick<Order, 'items'>;
  value: DeliveryDamageState;
  onChange: (update: (prev: DeliveryDamageState) => DeliveryDamageState) => void;
}) {
  const { t } = useTranslation();
  return (
    <List header={t('offlineWork.deliveryDamageTitle')} className="delivery-damage">
      <List.Item>
        <p className="section-tip">{t('offlineWork.deliveryDamageTip')}</p>
      </List.Item>
      {order.items.map((item) => (
        <List.Item key={item.id} description={item.barcodeNumber ?? ''}>
          {item.equipmentName}
          <BatchDamage
            name={item.equipmentName}
            value={value[item.id]}
            businessType="DeliveryPhoto"
            noteRequired
            onChange={(update) => onChange((prev) => updateMark(prev, item.id, update))}
          />
        </List.Item>
      ))}
    </List>
  );
}
